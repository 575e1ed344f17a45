/**
 * `piece` typed into `text` in place of the selection [start, end). A site code gets a space on
 * each side where there is none, because text smileys such as `:)` only count as whole words.
 */
export function insertAtCaret(
  text: string,
  start: number,
  end: number,
  piece: string,
  isCode: boolean,
): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = isCode && before !== '' && !/\s$/.test(before) ? ' ' : '';
  const trail = isCode && !/^\s/.test(after) ? ' ' : '';
  const inserted = lead + piece + trail;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}
