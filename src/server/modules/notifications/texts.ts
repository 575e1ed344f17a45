import { byGender, countOf, type CountedNoun } from '../../../shared/arabic/grammar';
import { isolate } from '../../../shared/text/bidi';

const privateMessage: CountedNoun = {
  one: 'رسالة خاصة',
  two: 'رسالتان خاصتان',
  twoOblique: 'رسالتين خاصتين',
  few: 'رسائل خاصة',
  many: 'رسالة خاصة',
};

const comment: CountedNoun = {
  one: 'تعليق جديد',
  two: 'تعليقان جديدان',
  twoOblique: 'تعليقين جديدين',
  few: 'تعليقات جديدة',
  many: 'تعليقاً جديداً',
  hundreds: 'تعليق جديد',
};
const reaction: CountedNoun = {
  one: 'تفاعل جديد',
  two: 'تفاعلان جديدان',
  twoOblique: 'تفاعلين جديدين',
  few: 'تفاعلات جديدة',
  many: 'تفاعلاً جديداً',
  hundreds: 'تفاعل جديد',
};

const times: CountedNoun = { one: 'مرة', two: 'مرتان', twoOblique: 'مرتين', few: 'مرات', many: 'مرة' };

/** Who a notification is about: the name, isolated in the sentence, and the gender verbs follow. */
export interface NotificationActor {
  username: string;
  gender: string | null;
}

const who = (actor: NotificationActor) => isolate(actor.username);

/** The Arabic wording of each notification (the count of a grouped one); verbs agree with the actor. */
export const NOTIFICATION_TEXTS = {
  message: (actor: NotificationActor, n: number) => `${countOf(n, privateMessage)} من ${who(actor)}`,
  mention: (actor: NotificationActor, n: number) => {
    const said = `${who(actor)} ${byGender(actor.gender, { male: 'أشار', female: 'أشارت' })} إليك`;
    return n === 1 ? said : `${said} ${countOf(n, times, 'oblique')}`;
  },
  reply: (actor: NotificationActor) =>
    `${who(actor)} ${byGender(actor.gender, { male: 'ردّ', female: 'ردّت' })} على رسالتك`,
  friendRequest: (actor: NotificationActor) =>
    `${who(actor)} ${byGender(actor.gender, { male: 'يريد', female: 'تريد' })} أن ${byGender(actor.gender, { male: 'يضيفك', female: 'تضيفك' })} صديقاً`,
  friendAccepted: (actor: NotificationActor) =>
    `${who(actor)} ${byGender(actor.gender, { male: 'قبل', female: 'قبلت' })} طلب صداقتك`,
  /** Comments on the reader's wall post: the commenter, then how many while unread. */
  wallComment: (actor: NotificationActor, n: number) =>
    n === 1
      ? `${who(actor)} ${byGender(actor.gender, { male: 'علّق', female: 'علّقت' })} على منشورك`
      : `${countOf(n, comment)} على منشورك`,
  wallReaction: (actor: NotificationActor, n: number) =>
    n === 1
      ? `${who(actor)} ${byGender(actor.gender, { male: 'تفاعل', female: 'تفاعلت' })} مع منشورك`
      : `${countOf(n, reaction)} مع منشورك`,
  moderation: {
    kick: (name: string, reason: string) => `طردك ${name} من الدردشة: ${reason}`,
    ban: (name: string, reason: string) => `حظرك ${name} مؤقتاً: ${reason}`,
    block: (name: string, reason: string) => `حظرك ${name} نهائياً: ${reason}`,
    mute: (name: string, reason: string) => `كتمك ${name}: ${reason}`,
  },
} as const;
