export const THEME_TEXTS = {
  section: 'مظهر الموقع',
  hint: 'يتغير لون الموقع لكل الزوار فوراً.',
  pickerLabel: 'سمة الموقع',
  saved: (name: string) => `صار مظهر الموقع: ${name}`,
  current: 'الحالية',
} as const;
