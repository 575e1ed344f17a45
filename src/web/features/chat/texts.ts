import { byGender, countOf, NOUNS } from '../../../shared/arabic/grammar';

/** Someone's name inside a plain-text sentence, isolated so a Latin name cannot reorder it. */
const name = (text: string) => `\u2068${text}\u2069`;

/** Chat screen texts (spec §8 "Connection" and the chat interface), in Arabic. */
export const CHAT_TEXTS = {
  link: {
    connecting: 'جاري الاتصال بالخادم...',
    failed: 'فشل الاتصال بالخادم',
    lost: 'انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة',
    error: 'خطأ في الاتصال بالخادم',
  },
  reload: 'إعادة تحميل الصفحة',
  messagesLabel: (room: string) => `رسائل ${room}`,
  /** The tab's title in a room: «شات مصر — مجلس». */
  tabTitle: (room: string) => `${room} — مجلس`,
  emptyRoom: (gender: string | null | undefined) =>
    `لا توجد رسائل بعد. ${byGender(gender, { male: 'ابدأ', female: 'ابدئي' })} المحادثة!`,
  loadingMessages: 'جاري تحميل الرسائل...',
  /** The verb after the name, agreeing with the person's gender (دخل / دخلت). */
  joined: (gender: string | null | undefined) => byGender(gender, { male: 'دخل الغرفة', female: 'دخلت الغرفة' }),
  left: (gender: string | null | undefined) => byGender(gender, { male: 'غادر الغرفة', female: 'غادرت الغرفة' }),
  /** After one name: "يكتب..." / "تكتب...". */
  typingOne: (gender: string | null | undefined) => byGender(gender, { male: 'يكتب...', female: 'تكتب...' }),
  /** After two names: the dual, feminine only when both are women. */
  typingTwo: (bothFemale: boolean) => (bothFemale ? 'تكتبان...' : 'يكتبان...'),
  and: 'و',
  /** Three or more: "3 أشخاص يكتبون...", "11 شخصاً يكتبون...". */
  typingMany: (count: number) => `${countOf(count, NOUNS.person)} يكتبون...`,
  loadingOlder: 'جاري تحميل الرسائل الأقدم...',
  startOfConversation: 'بداية المحادثة',
  /** The control back to the newest messages, with how many arrived meanwhile. */
  jumpToLatest: 'الانتقال إلى آخر الرسائل',
  unread: (n: number) => countOf(n, NOUNS.newMessage),
  today: 'اليوم',
  yesterday: 'أمس',
  /** A link's full address, read aloud and shown on hover; it opens in a new tab. */
  linkTitle: (href: string) => `${name(href)} (يفتح في نافذة جديدة)`,
  sending: 'جاري الإرسال',
  notSent: 'لم تُرسل',
  /** A message refused for good, with the server's reason. */
  notSentBecause: (reason: string) => `لم تُرسل: ${reason}`,
  discard: 'حذف',
  retry: 'إعادة الإرسال',
  you: 'أنت',
  composerLabel: 'اكتب رسالتك',
  composerPlaceholder: 'اكتب رسالة...',
  composerDisabled: 'ادخل غرفة لتبدأ الكتابة',
  send: 'إرسال',
  bold: 'خط عريض',
  textColor: 'لون النص',
  colorName: (hex: string) => `اللون ${hex}`,
  /** Near the limit: what is left; past it, by how much (never a negative number). */
  charsLeft: (n: number) =>
    n > 0
      ? `المتبقي: ${countOf(n, NOUNS.character)}`
      : n === 0
        ? 'بلغت الحد الأقصى للأحرف'
        : `زائد ${countOf(-n, NOUNS.character)}`,
  onlineUsers: 'المتصلون الآن',
  onlineCount: (n: number) => (n <= 0 ? 'لا أحد متصل' : countOf(n, NOUNS.online)),
  noOneOnline: 'لا يوجد أحد هنا غيرك الآن',
  /** A big room's list shows a page at a time. */
  moreOnline: 'عرض المزيد من المتصلين',
  loadingOnline: 'جارٍ تحميل المزيد…',
  rooms: 'الغرف',
  openRooms: 'فتح قائمة الغرف',
  openUsers: 'عرض المتصلين',
  close: 'إغلاق',
  roles: { guest: 'زائر', member: 'عضو', moderator: 'مشرف', admin: 'مدير', owner: 'المالك' },
  messageTooLong: 'الرسالة طويلة جداً: 1000 حرف على الأكثر',
  lockedRoom: 'غرفة مقفلة: هذه الغرفة مقفلة ولا يمكن دخولها',
  /** Names inside labels are isolated so a Latin name cannot reorder the Arabic. */
  openCard: (username: string) => `بطاقة ${name(username)}`,
  /** Why the composer is closed in a room that was locked while the reader was in it. */
  lockedRoomPosting: 'الغرفة مقفلة الآن؛ لا يمكن الكتابة فيها إلا للمشرفين',
} as const;
