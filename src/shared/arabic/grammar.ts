/**
 * Arabic agreement, in one place: numbers with their nouns (1, 2, 3–10, 11+) and verbs and
 * adjectives with the gender of their subject.
 */

import { CITY, countOf, REGION, SECOND, type CountedNoun, type GrammaticalCase } from './count';

export { countOf, type CountedNoun, type GrammaticalCase } from './count';

export const NOUNS = {
  second: SECOND,
  minute: { one: 'دقيقة واحدة', two: 'دقيقتان', twoOblique: 'دقيقتين', few: 'دقائق', many: 'دقيقة' },
  hour: { one: 'ساعة واحدة', two: 'ساعتان', twoOblique: 'ساعتين', few: 'ساعات', many: 'ساعة' },
  day: { one: 'يوم واحد', two: 'يومان', twoOblique: 'يومين', few: 'أيام', many: 'يوماً', hundreds: 'يوم' },
  region: REGION,
  city: CITY,
  result: { one: 'نتيجة واحدة', two: 'نتيجتان', twoOblique: 'نتيجتين', few: 'نتائج', many: 'نتيجة' },
  character: { one: 'حرف واحد', two: 'حرفان', twoOblique: 'حرفين', few: 'أحرف', many: 'حرفاً', hundreds: 'حرف' },
  person: { one: 'شخص واحد', two: 'شخصان', twoOblique: 'شخصين', few: 'أشخاص', many: 'شخصاً', hundreds: 'شخص' },
  online: { one: 'متصل واحد', two: 'متصلان', twoOblique: 'متصلَين', few: 'متصلين', many: 'متصلاً', hundreds: 'متصل' },
  room: { one: 'غرفة واحدة', two: 'غرفتان', twoOblique: 'غرفتين', few: 'غرف', many: 'غرفة' },
  newMessage: {
    one: 'رسالة جديدة',
    two: 'رسالتان جديدتان',
    twoOblique: 'رسالتين جديدتين',
    few: 'رسائل جديدة',
    many: 'رسالة جديدة',
  },
} as const satisfies Record<string, CountedNoun>;

/** A length of time in its largest whole unit: "15 دقيقة", "ساعتان", "3 أيام". */
export function durationText(minutes: number, grammaticalCase: GrammaticalCase = 'nominative'): string {
  const m = Math.max(0, Math.round(minutes));
  if (m >= 1440 && m % 1440 === 0) return countOf(m / 1440, NOUNS.day, grammaticalCase);
  if (m >= 60 && m % 60 === 0) return countOf(m / 60, NOUNS.hour, grammaticalCase);
  return countOf(m, NOUNS.minute, grammaticalCase);
}

/** What is left of a wait, for people: seconds under a minute, else whole minutes rounded up. */
export function timeLeftText(seconds: number, grammaticalCase: GrammaticalCase = 'nominative'): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60 ? countOf(s, NOUNS.second, grammaticalCase) : durationText(Math.ceil(s / 60), grammaticalCase);
}

/** The form that agrees with a subject's gender (the Arabic word for female, as users store it). */
export function byGender<T>(gender: string | null | undefined, forms: { male: T; female: T }): T {
  return gender === 'أنثى' ? forms.female : forms.male;
}
