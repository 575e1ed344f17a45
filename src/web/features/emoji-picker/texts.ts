import { countOf, NOUNS } from '../../../shared/arabic/grammar';

export const EMOJI_PICKER_TEXTS = {
  open: 'الرموز التعبيرية',
  search: 'ابحث عن رمز',
  searchPlaceholder: 'ابحث: قلب، ضحك، وردة…',
  noResults: 'لا توجد رموز بهذا الاسم',
  recent: 'الأخيرة',
  unicode: 'رموز',
  loading: 'جاري تحميل الرموز',
  results: (count: number) => countOf(count, NOUNS.result),
} as const;
