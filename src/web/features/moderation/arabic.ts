import { durationText, timeLeftText, type CountedNoun } from '../../../shared/arabic/grammar';

/** "لمدة 15 دقيقة", "لمدة دقيقتين", "لمدة يومين": a length of time after a preposition. */
export function durationAfterPreposition(minutes: number): string {
  return durationText(minutes, 'oblique');
}

/** "بعد 12 دقيقة", "بعد دقيقتين": what is left, after a preposition. */
export function timeLeftAfterPreposition(seconds: number): string {
  return timeLeftText(seconds, 'oblique');
}

export const REPORT_NOUN: CountedNoun = {
  one: 'بلاغ واحد',
  two: 'بلاغان',
  twoOblique: 'بلاغين',
  few: 'بلاغات',
  many: 'بلاغاً',
  hundreds: 'بلاغ',
};

export { isolate } from '../../../shared/text/bidi';
