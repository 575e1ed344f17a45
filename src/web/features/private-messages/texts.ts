import { byGender, countOf, type CountedNoun } from '../../../shared/arabic/grammar';

const UNREAD: CountedNoun = {
  one: 'رسالة واحدة غير مقروءة',
  two: 'رسالتان غير مقروءتين',
  twoOblique: 'رسالتين غير مقروءتين',
  few: 'رسائل غير مقروءة',
  many: 'رسالة غير مقروءة',
};

/** Private messages: the messages panel, the private message box, in Arabic. */
export const PM_TEXTS = {
  title: 'الرسائل الخاصة',
  openPanel: (unread: number) => (unread > 0 ? `الرسائل الخاصة، ${countOf(unread, UNREAD)}` : 'الرسائل الخاصة'),
  unread: (n: number) => countOf(n, UNREAD),
  search: 'ابحث في المحادثات',
  searchLabel: 'البحث في المحادثات باسم الشخص أو بكلمات الرسائل',
  empty: 'لا توجد محادثات بعد',
  emptyHint: (gender: string | null | undefined) =>
    byGender(gender, {
      male: 'افتح بطاقة أي شخص في الغرفة واختر «رسالة خاصة» لتبدأ محادثة.',
      female: 'افتحي بطاقة أي شخص في الغرفة واختاري «رسالة خاصة» لتبدئي محادثة.',
    }),
  noResults: 'لا توجد نتائج للبحث',
  loading: 'جاري تحميل المحادثات…',
  you: 'أنت: ',
  imagePreview: '📷 صورة',
  conversationWith: (name: string) => `محادثة خاصة مع \u2068${name}\u2069`,
  back: 'رجوع',
  close: 'إغلاق المحادثة',
  online: (gender: string | null | undefined) => byGender(gender, { male: 'متصل الآن', female: 'متصلة الآن' }),
  offline: (gender: string | null | undefined) => byGender(gender, { male: 'غير متصل', female: 'غير متصلة' }),
  typing: (gender: string | null | undefined) => byGender(gender, { male: 'يكتب الآن…', female: 'تكتب الآن…' }),
  composerLabel: (name: string) => `اكتب رسالة خاصة إلى \u2068${name}\u2069`,
  // Short: on a phone the box shares its row with four buttons, and a wrapped placeholder looks broken.
  placeholder: 'رسالة خاصة…',
  send: 'إرسال',
  bold: 'خط عريض',
  sending: 'جاري الإرسال',
  sent: 'أُرسلت',
  read: 'قُرئت',
  notSent: 'لم تُرسل',
  notSentBecause: (reason: string) => `لم تُرسل: ${reason}`,
  retry: 'إعادة المحاولة',
  messageMenu: 'خيارات الرسالة',
  discard: 'حذف',
  tooLong: 'الرسالة طويلة جداً: 1000 حرف على الأكثر',
  loadingOlder: 'جاري تحميل الرسائل الأقدم…',
  start: 'بداية المحادثة',
  noMessages: (gender: string | null | undefined) =>
    `لا توجد رسائل بعد. ${byGender(gender, { male: 'اكتب', female: 'اكتبي' })} أول رسالة.`,
} as const;
