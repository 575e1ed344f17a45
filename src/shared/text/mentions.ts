/** `@name` in messages: what the server notifies, what the composer completes, what is highlighted. */

/** At most this many people are notified by one message's mentions. */
const MAX_MENTIONS = 5;
/** `@name`: a name runs to the next space or punctuation a name cannot hold. */
const MENTION = /(?:^|[\s(])@([^\s@.,،؛:!?؟()]{2,32})/gu;

/** The names a message mentions, as written (without '@'), at most MAX_MENTIONS. */
export function mentionedNames(content: string): string[] {
  const names = new Set<string>();
  for (const match of content.matchAll(MENTION)) {
    names.add(match[1]!);
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/** `@name` at the caret: the partial name being typed, and where it starts (for completion). */
export function mentionAtCaret(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@]{0,32})$/u.exec(before);
  if (!match) return null;
  return { query: match[1]!, start: caret - match[1]!.length - 1 };
}

/** Whether a message names `username` as `@username` (the mentioned person sees it highlighted). */
export function mentions(content: string, username: string | undefined): boolean {
  if (!username) return false;
  const at = `@${username}`;
  let index = content.indexOf(at);
  while (index >= 0) {
    const before = index === 0 ? ' ' : content[index - 1]!;
    const after = content[index + at.length] ?? ' ';
    if (/\s|\(/u.test(before) && !/[^\s.,،؛:!?؟()]/u.test(after)) return true;
    index = content.indexOf(at, index + 1);
  }
  return false;
}
