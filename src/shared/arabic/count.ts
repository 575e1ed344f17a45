/**
 * Counting with agreement (1, 2, 3–10, 11+): the core of the grammar helper, in a module of its
 * own with the few nouns the landing pages count, so those pages load only this much of it.
 * Everything else goes through ./grammar, which re-exports it.
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

/** The nouns the landing pages count; ./grammar's NOUNS holds them with the others. */
export const REGION: CountedNoun = {
  one: 'منطقة واحدة',
  two: 'منطقتان',
  twoOblique: 'منطقتين',
  few: 'مناطق',
  many: 'منطقة',
};
export const CITY: CountedNoun = {
  one: 'مدينة واحدة',
  two: 'مدينتان',
  twoOblique: 'مدينتين',
  few: 'مدن',
  many: 'مدينة',
};
export const SECOND: CountedNoun = {
  one: 'ثانية واحدة',
  two: 'ثانيتان',
  twoOblique: 'ثانيتين',
  few: 'ثوانٍ',
  many: 'ثانية',
};
