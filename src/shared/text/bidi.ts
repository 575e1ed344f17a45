/**
 * Isolates a name, code or number inside plain text (a toast, a title attribute), as <bdi> does
 * in markup: a Latin or numbered name, or a code such as ":D", cannot reorder the Arabic around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * Isolates text that is always left to right (an emoji code, a Latin brand or licence name) as
 * such. `isolate` guesses the direction from the first letter, and a code such as «:)» has none:
 * Chromium then takes the surrounding Arabic's direction and shows it mirrored, «(:».
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
