/**
 * Arabic agreement, in one place: numbers with their nouns (1, 2, 3–10, 11+) and verbs and
 * adjectives with the gender of their subject.
 */

/** The four forms a counted noun takes. */
export interface CountedNoun {
  /** 1: the singular with "one" (دقيقة واحدة). */
  one: string;
  /** 2: the dual (دقيقتان). */
  two: string;
  /** 2 after a preposition or as an object: the oblique dual (لمدة دقيقتين). */
  twoOblique: string;
  /** 3–10: the plural (دقائق). */
  few: string;
  /** 11–99, and 0: the singular as a specifier (دقيقة، يوماً). */
  many: string;
  /**
   * After a round hundred or thousand (and 101, 102): the singular in the genitive (100 يوم،
   * 1000 متصل). Needed only where it differs from `many`.
   */
  hundreds?: string;
}

/**
 * Where the counted phrase stands: as a subject or on its own (nominative, "دقيقتان"), or after a
 * preposition or as an object (oblique, "لمدة دقيقتين", "بعد ثانيتين"). Only the dual differs.
 */
export type GrammaticalCase = 'nominative' | 'oblique';

/**
 * "3 دقائق", "دقيقتان", "11 دقيقة". Above 100 the last two digits decide, as in speech
 * (103 دقائق, 111 يوماً); a round hundred takes the genitive singular (100 يوم). Digits are Western.
 */
export function countOf(n: number, noun: CountedNoun, grammaticalCase: GrammaticalCase = 'nominative'): string {
  const whole = Math.trunc(Math.abs(n));
  if (whole === 1) return noun.one;
  if (whole === 2) return grammaticalCase === 'oblique' ? noun.twoOblique : noun.two;
  const rest = whole % 100;
  const form =
    rest >= 3 && rest <= 10 ? noun.few : whole >= 100 && rest <= 2 ? (noun.hundreds ?? noun.many) : noun.many;
  return `${whole} ${form}`;
}

export const NOUNS = {
  second: { one: 'ثانية واحدة', two: 'ثانيتان', twoOblique: 'ثانيتين', few: 'ثوانٍ', many: 'ثانية' },
  minute: { one: 'دقيقة واحدة', two: 'دقيقتان', twoOblique: 'دقيقتين', few: 'دقائق', many: 'دقيقة' },
  hour: { one: 'ساعة واحدة', two: 'ساعتان', twoOblique: 'ساعتين', few: 'ساعات', many: 'ساعة' },
  day: { one: 'يوم واحد', two: 'يومان', twoOblique: 'يومين', few: 'أيام', many: 'يوماً', hundreds: 'يوم' },
  region: { one: 'منطقة واحدة', two: 'منطقتان', twoOblique: 'منطقتين', few: 'مناطق', many: 'منطقة' },
  city: { one: 'مدينة واحدة', two: 'مدينتان', twoOblique: 'مدينتين', few: 'مدن', many: 'مدينة' },
  result: { one: 'نتيجة واحدة', two: 'نتيجتان', twoOblique: 'نتيجتين', few: 'نتائج', many: 'نتيجة' },
  character: { one: 'حرف واحد', two: 'حرفان', twoOblique: 'حرفين', few: 'أحرف', many: 'حرفاً', hundreds: 'حرف' },
  person: { one: 'شخص واحد', two: 'شخصان', twoOblique: 'شخصين', few: 'أشخاص', many: 'شخصاً', hundreds: 'شخص' },
  online: { one: 'متصل واحد', two: 'متصلان', twoOblique: 'متصلَين', few: 'متصلين', many: 'متصلاً', hundreds: 'متصل' },
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
