import { byGender, countOf, NOUNS } from '../../../shared/arabic/grammar';
import { isolate } from '../../../shared/text/bidi';

/** Voice bar texts (spec §8 "Voice"), in Arabic. */
export const VOICE_TEXTS = {
  region: 'الغرفة الصوتية',
  join: 'انضم للصوت',
  joining: 'جاري الاتصال...',
  signInToJoin: (gender: string | null | undefined) =>
    `${byGender(gender, { male: 'سجّل', female: 'سجّلي' })} الدخول بحسابك للانضمام إلى الصوت`,
  connected: 'متصل بالغرفة الصوتية',
  leave: 'مغادرة الصوت',
  raiseHand: 'ارفع يدك',
  lowerHand: 'أنزل يدك',
  handRaised: 'يدك مرفوعة، بانتظار المضيف',
  takeMic: 'تحدّث',
  stepDown: 'انزل من المنصة',
  mute: 'كتم المايك',
  unmute: 'تشغيل المايك',
  mutedBadge: 'مكتوم',
  host: 'المضيف',
  speakers: 'المتحدثون',
  noSpeakers: 'لا أحد يتحدث الآن',
  listenerHint: (gender: string | null | undefined) => byGender(gender, { male: 'أنت مستمع', female: 'أنتِ مستمعة' }),
  speakerHint: (gender: string | null | undefined) =>
    `${byGender(gender, { male: 'أنت', female: 'أنتِ' })} على المنصة، الجميع يسمعك`,
  queue: (count: number) => `الطلبات (${count})`,
  queueTitle: 'طلبات المايك',
  queueEmpty: 'لا توجد طلبات',
  approve: (name: string) => `اسمح لـ ${name} بالتحدث`,
  reject: (name: string) => `ارفض طلب ${name}`,
  approveShort: 'اسمح',
  rejectShort: 'ارفض',
  removeSpeaker: (name: string) => `أنزل ${name} من المنصة`,
  speaking: 'يتحدث الآن',
  speakersCount: (count: number) => countOf(count, NOUNS.person),
  unknownUser: (id: number) => `مستخدم ${id}`,
  micRefused: (gender: string | null | undefined) =>
    byGender(gender, {
      male: 'رفض المتصفح الوصول إلى الميكروفون. اسمح به من إعدادات الموقع في المتصفح ثم أعد المحاولة.',
      female: 'رفض المتصفح الوصول إلى الميكروفون. اسمحي به من إعدادات الموقع في المتصفح ثم أعيدي المحاولة.',
    }),
  micUnavailable: 'لا يوجد ميكروفون متاح على هذا الجهاز.',
  retryMic: 'أعد المحاولة',
  // Spec §8 "Voice": titles and messages of the toasts.
  connectError: 'خطأ في الاتصال: فشل الاتصال بالغرفة الصوتية',
  leaveError: 'خطأ في قطع الاتصال: فشل المغادرة',
  noConnection: 'لا يوجد اتصال صوتي نشط',
  muteError: 'خطأ في تغيير حالة الكتم: فشل تغيير حالة الكتم',
  approved: (gender: string | null | undefined) =>
    `${byGender(gender, { male: 'أصبحت', female: 'أصبحتِ' })} من المتحدثين، المايك لك`,
  rejected: 'رفض المضيف طلبك للمايك',
  removed: (gender: string | null | undefined) => `${byGender(gender, { male: 'عدت', female: 'عدتِ' })} إلى المستمعين`,
  turnEnded: 'انتهى وقتك على المنصة',
  requested: (name: string, gender: string | null) =>
    `${isolate(name)} ${byGender(gender, { male: 'يطلب', female: 'تطلب' })} المايك`,
  dropped: 'انقطع الاتصال الصوتي',
};
