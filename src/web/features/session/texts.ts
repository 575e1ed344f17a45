export const SESSION_TEXTS = {
  restoring: '...جاري استعادة الجلسة',
  loggingOut: 'تسجيل الخروج',
} as const;
