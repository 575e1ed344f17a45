import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { durationText } from '../../../shared/arabic/grammar';
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
  timedNotice: 'لا يمكنك دخول الدردشة حتى تنتهي المدة، وبعدها ستعود إلى الصفحة الرئيسية.',
  blockNotice: {
    block: 'لا يمكنك دخول الدردشة بهذا الحساب. إن كنت ترى أن الحظر خطأ فتواصل مع إدارة الموقع.',
    deviceBlock: 'لا يمكن دخول الدردشة من هذا الجهاز. إن كنت ترى أن الحظر خطأ فتواصل مع إدارة الموقع.',
  } satisfies Record<BlockKind, string>,
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
