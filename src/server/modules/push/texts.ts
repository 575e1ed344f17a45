import { byGender } from '../../../shared/arabic/grammar';
import { isolate } from '../../../shared/text/bidi';

/** Whom a push is about: the name (isolated in the sentence) and the gender its verbs follow. */
export interface PushActor {
  username: string;
  gender: string | null;
}

const who = (actor: PushActor) => isolate(actor.username);

/** The Arabic of what a device shows when no tab is open (issue 22 §6). */
export const PUSH_TEXTS = {
  message: (actor: PushActor) => `رسالة خاصة جديدة من ${who(actor)}`,
  mention: (actor: PushActor) => `${who(actor)} ${byGender(actor.gender, { male: 'أشار', female: 'أشارت' })} إليك`,
  reply: (actor: PushActor) => `${who(actor)} ${byGender(actor.gender, { male: 'ردّ', female: 'ردّت' })} على رسالتك`,
  friendRequest: (actor: PushActor) =>
    `${who(actor)} ${byGender(actor.gender, { male: 'يريد', female: 'تريد' })} أن ${byGender(actor.gender, { male: 'يضيفك', female: 'تضيفك' })} صديقاً`,
  /** A preview of a message that is a picture, not words. */
  picture: 'صورة',
} as const;

/** How many characters of a message a preview shows. */
export const PREVIEW_LENGTH = 80;

/** The start of a message's words, one line, at most PREVIEW_LENGTH characters. */
export function previewOf(content: string, messageType: string): string {
  if (messageType === 'image') return PUSH_TEXTS.picture;
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join('')}…` : line;
}
