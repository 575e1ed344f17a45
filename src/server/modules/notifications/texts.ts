import { countOf, type CountedNoun } from '../../../shared/arabic/grammar';

const privateMessage: CountedNoun = {
  one: 'رسالة خاصة',
  two: 'رسالتان خاصتان',
  twoOblique: 'رسالتين خاصتين',
  few: 'رسائل خاصة',
  many: 'رسالة خاصة',
};

const times: CountedNoun = { one: 'مرة', two: 'مرتان', twoOblique: 'مرتين', few: 'مرات', many: 'مرة' };

/** The Arabic wording of each notification (the count of a grouped one). */
export const NOTIFICATION_TEXTS = {
  message: (name: string, n: number) => `${countOf(n, privateMessage)} من ${name}`,
  mention: (name: string, n: number) =>
    n === 1 ? `${name} أشار إليك` : `${name} أشار إليك ${countOf(n, times, 'oblique')}`,
  reply: (name: string) => `${name} ردّ على رسالتك`,
  friendRequest: (name: string) => `${name} يريد أن يضيفك صديقاً`,
  friendAccepted: (name: string) => `${name} قبل طلب صداقتك`,
  moderation: {
    kick: (name: string, reason: string) => `طردك ${name} من الدردشة: ${reason}`,
    ban: (name: string, reason: string) => `حظرك ${name} مؤقتاً: ${reason}`,
    block: (name: string, reason: string) => `حظرك ${name} نهائياً: ${reason}`,
    mute: (name: string, reason: string) => `كتمك ${name}: ${reason}`,
  },
} as const;
