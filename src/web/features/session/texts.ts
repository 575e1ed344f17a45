export const SESSION_TEXTS = {
  restoring: '...جاري استعادة الجلسة',
} as const;
