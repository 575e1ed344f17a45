import { countOf, NOUNS } from '../../../shared/arabic/grammar';
import { isolate } from '../../../shared/text/bidi';

/** Editing and removing one's own messages, pins, the announcement, the welcome, slow mode. */
export const MESSAGE_TOOLS_TEXTS = {
  edited: 'معدّلة',
  editedAt: (time: string) => `عُدّلت ${time}`,
  edit: 'تعديل',
  editMessage: 'تعديل رسالتك',
  save: 'حفظ',
  cancel: 'إلغاء',
  editHint: 'Enter للحفظ، Esc للإلغاء',
  remove: 'حذف',
  confirmRemove: 'تأكيد الحذف',
  removed: 'حُذفت الرسالة',

  pinned: 'رسائل مثبّتة',
  pin: 'تثبيت',
  unpin: 'إلغاء التثبيت',
  pinnedBy: (name: string) => `رسالة مثبّتة من ${isolate(name)}`,
  jumpToPinned: (name: string) => `انتقل إلى رسالة ${isolate(name)} المثبّتة`,
  pinDone: 'ثُبّتت الرسالة',
  unpinDone: 'أُلغي تثبيت الرسالة',

  announcement: 'إعلان الغرفة',
  closeAnnouncement: 'إخفاء الإعلان',
  welcomeTitle: 'أهلاً بك',
  closeWelcome: 'إغلاق الترحيب',

  roomTools: 'أدوات الغرفة',
  announcementLabel: 'الإعلان (يظهر تحت رأس الغرفة)',
  welcomeLabel: 'رسالة الترحيب ({name} يُستبدل باسم الداخل)',
  slowModeLabel: 'الوضع البطيء: ثوانٍ بين رسالتين (0 لإيقافه)',
  saved: 'حُفظ',
  close: 'إغلاق',

  slowMode: (seconds: number) => `الوضع البطيء: رسالة كل ${countOf(seconds, NOUNS.second, 'oblique')}`,
  slowModeShort: (seconds: number) => `بطيء ${seconds}ث`,
  waitToSend: (seconds: number) => `يمكنك الإرسال بعد ${countOf(seconds, NOUNS.second, 'oblique')}`,
} as const;
