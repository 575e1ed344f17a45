/**
 * Isolates a name, code or number inside plain text (a toast, a title attribute), as <bdi> does
 * in markup: a Latin or numbered name, or a code such as ":D", cannot reorder the Arabic around it.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
