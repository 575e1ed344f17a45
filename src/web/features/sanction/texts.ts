import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { byGender, durationText } from '../../../shared/arabic/grammar';
import type { BlockKind, TimedKind } from './sanction-store';

/** The kick overlay and block notice (spec §2, §4), in Arabic. */
export const SANCTION_TEXTS = {
  title: {
    kick: 'تم طردك من الدردشة',
    ban: 'تم حظرك من الدردشة مؤقتاً',
    barred: 'دخولك إلى الدردشة موقوف مؤقتاً',
    block: ERROR_MESSAGES.BLOCKED,
    deviceBlock: ERROR_MESSAGES.DEVICE_BLOCKED,
  } satisfies Record<TimedKind | BlockKind, string>,
  /** In the reader's gender (ستعود / ستعودين), when known. */
  timedNotice: (gender: string | null | undefined) =>
    `لا يمكنك دخول الدردشة حتى تنتهي المدة، وبعدها ${byGender(gender, { male: 'ستعود', female: 'ستعودين' })} إلى الصفحة الرئيسية.`,
  blockNotice: (kind: BlockKind, gender: string | null | undefined) =>
    `${kind === 'block' ? 'لا يمكنك دخول الدردشة بهذا الحساب.' : 'لا يمكن دخول الدردشة من هذا الجهاز.'} ${byGender(
      gender,
      {
        male: 'إن كنت ترى أن الحظر خطأ فتواصل مع إدارة الموقع.',
        female: 'إن كنتِ ترين أن الحظر خطأ فتواصلي مع إدارة الموقع.',
      },
    )}`,
  /**
   * Spec §2: 'طرد مؤقت - N دقيقة', in agreement with the number. A refused sign-in does not say
   * the whole length; the time left is right below it.
   */
  badge: (kind: TimedKind, minutes: number | null) => {
    if (kind === 'barred' || minutes === null) return 'منع مؤقت';
    if (kind === 'kick') return `طرد مؤقت - ${durationText(minutes)}`;
    if (kind === 'ban') return `حظر مؤقت - ${durationText(minutes)}`;
    return 'منع مؤقت';
  },
  permanentBadge: 'حظر نهائي',
  remaining: 'الوقت المتبقي',
  remainingWords: (words: string) => `المتبقي: ${words}`,
  moderator: 'المشرف',
  reason: 'السبب',
  duration: 'المدة',
  hide: 'إخفاء النافذة',
  understood: 'حسناً',
  /** The small reminder left on screen once the overlay is hidden. */
  reminder: 'الدخول موقوف',
  showAgain: 'عرض تفاصيل المنع',
} as const;
