import { byGender } from '../../../shared/arabic/grammar';

/** Searching messages: the room's search, the private messages' search, in Arabic. */
export const SEARCH_TEXTS = {
  open: 'البحث في الرسائل',
  close: 'إغلاق البحث',
  title: (room: string) => `البحث في \u2068${room}\u2069`,
  fieldLabel: 'كلمات البحث',
  placeholder: 'ابحث عن كلمة أو بداية كلمة',
  hint: (gender: string | null | undefined) =>
    byGender(gender, {
      male: 'اكتب حرفين على الأقل. يجد البحث الكلمة بأي همزة أو تشكيل، وبداياتِ الكلمات.',
      female: 'اكتبي حرفين على الأقل. يجد البحث الكلمة بأي همزة أو تشكيل، وبداياتِ الكلمات.',
    }),
  searching: 'جاري البحث…',
  noResults: 'لا توجد رسائل تطابق البحث',
  more: 'نتائج أقدم',
  resultsLabel: 'نتائج البحث',
  openResult: (name: string) => `انتقل إلى رسالة \u2068${name}\u2069`,
  context: 'الرسالة في سياقها',
  backToResults: 'العودة إلى النتائج',
  loadingContext: 'جاري تحميل الرسائل حول النتيجة…',
  privateHeading: 'في الرسائل',
  privateResultWith: (name: string) => `رسالة في المحادثة مع \u2068${name}\u2069`,
  you: 'أنت',
  image: '📷 صورة',
};
