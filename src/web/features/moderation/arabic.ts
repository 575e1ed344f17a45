import { durationText, timeLeftText, type CountedNoun } from '../../../shared/arabic/grammar';

/**
 * Helpers the shared grammar module does not have yet (see the report: they belong there).
 * `durationText` gives the nominative dual ("دقيقتان"); after a preposition ("لمدة", "بعد")
 * Arabic takes the genitive ("لمدة دقيقتين").
 */
const GENITIVE_DUALS: Record<string, string> = {
  ثانيتان: 'ثانيتين',
  دقيقتان: 'دقيقتين',
  ساعتان: 'ساعتين',
  يومان: 'يومين',
};

/** "لمدة 15 دقيقة", "لمدة دقيقتين", "لمدة يومين": a length of time after a preposition. */
export function durationAfterPreposition(minutes: number): string {
  const text = durationText(minutes);
  return GENITIVE_DUALS[text] ?? text;
}

/** "بعد 12 دقيقة", "بعد دقيقتين": what is left, after a preposition. */
export function timeLeftAfterPreposition(seconds: number): string {
  const text = timeLeftText(seconds);
  return GENITIVE_DUALS[text] ?? text;
}

export const REPORT_NOUN: CountedNoun = { one: 'بلاغ واحد', two: 'بلاغان', few: 'بلاغات', many: 'بلاغاً' };

/**
 * Isolates a name inside plain text (a toast, a title attribute), as <bdi> does in markup:
 * a Latin or numbered name cannot reorder the Arabic around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
