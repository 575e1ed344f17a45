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
  /** 3–10: the plural (دقائق). */
  few: string;
  /** 11 and up, and 0: the singular (دقيقة). */
  many: string;
}

/**
 * "3 دقائق", "دقيقتان", "11 دقيقة". Above 100 the last two digits decide, as in speech
 * (103 دقائق, 111 دقيقة); round hundreds take the singular (100 دقيقة). Digits are Western.
 */
export function countOf(n: number, noun: CountedNoun): string {
  const whole = Math.trunc(Math.abs(n));
  if (whole === 1) return noun.one;
  if (whole === 2) return noun.two;
  const rest = whole % 100;
  const form = rest >= 3 && rest <= 10 ? noun.few : noun.many;
  return `${whole} ${form}`;
}

export const NOUNS = {
  second: { one: 'ثانية واحدة', two: 'ثانيتان', few: 'ثوانٍ', many: 'ثانية' },
  minute: { one: 'دقيقة واحدة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة' },
  hour: { one: 'ساعة واحدة', two: 'ساعتان', few: 'ساعات', many: 'ساعة' },
  day: { one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يوماً' },
  region: { one: 'منطقة واحدة', two: 'منطقتان', few: 'مناطق', many: 'منطقة' },
  character: { one: 'حرف واحد', two: 'حرفان', few: 'أحرف', many: 'حرفاً' },
  person: { one: 'شخص واحد', two: 'شخصان', few: 'أشخاص', many: 'شخصاً' },
} as const satisfies Record<string, CountedNoun>;

/** A length of time in its largest whole unit: "15 دقيقة", "ساعتان", "3 أيام". */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m >= 1440 && m % 1440 === 0) return countOf(m / 1440, NOUNS.day);
  if (m >= 60 && m % 60 === 0) return countOf(m / 60, NOUNS.hour);
  return countOf(m, NOUNS.minute);
}

/** What is left of a wait, for people: seconds under a minute, else whole minutes rounded up. */
export function timeLeftText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60 ? countOf(s, NOUNS.second) : durationText(Math.ceil(s / 60));
}

/** The form that agrees with a subject's gender (the Arabic word for female, as users store it). */
export function byGender<T>(gender: string | null | undefined, forms: { male: T; female: T }): T {
  return gender === 'أنثى' ? forms.female : forms.male;
}
