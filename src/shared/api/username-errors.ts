/**
 * The refusals a name can get, in Arabic. Kept apart from the full catalogue (errors.ts includes
 * them) so the entry form on the landing pages checks a name without loading every error text.
 */
export const USERNAME_ERRORS = {
  USERNAME_REQUIRED: 'يرجى كتابة اسم مستعار',
  USERNAME_TOO_SHORT: 'الاسم قصير جداً: حرفان على الأقل',
  USERNAME_TOO_LONG: 'الاسم طويل جداً: 24 حرفاً على الأكثر',
  USERNAME_INVALID_CHARS: 'الاسم يقبل الحروف العربية واللاتينية والأرقام والمسافات و _ و - فقط',
  USERNAME_RESERVED: 'هذا الاسم محجوز، اختر اسماً آخر',
  USERNAME_MEMBER_TAKEN: 'هذا الاسم مسجّل لعضو، اختر اسماً آخر أو سجّل الدخول إن كان حسابك',
  USERNAME_ONLINE_TAKEN: 'هذا الاسم مستخدم الآن من زائر متصل، اختر اسماً آخر',
  USERNAME_TAKEN: 'هذا الاسم مسجّل مسبقاً، اختر اسماً آخر',
} as const;
