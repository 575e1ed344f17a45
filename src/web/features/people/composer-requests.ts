import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { ListedMessage } from '../../../shared/entities/message';

/** What the card and message rows ask of the composer: insert a mention, or reply to a message. */
export interface ComposerRequests {
  /** A name to insert as `@name ` (a counter, so the same name twice is two requests). */
  mention: { name: string; seq: number } | null;
  replyTo: { id: number; senderName: string; excerpt: string } | null;
}

export const composerRequests = createStore<ComposerRequests>()(() => ({ mention: null, replyTo: null }));

export function requestMention(name: string): void {
  const seq = (composerRequests.getState().mention?.seq ?? 0) + 1;
  composerRequests.setState({ mention: { name, seq } });
}

export function startReply(message: ListedMessage): void {
  if (message.id <= 0 || !message.sender) return;
  composerRequests.setState({
    replyTo: {
      id: message.id,
      senderName: message.sender.username,
      excerpt: [...message.content].slice(0, 80).join(''),
    },
  });
}

export function cancelReply(): void {
  composerRequests.setState({ replyTo: null });
}

export function useComposerRequests(): ComposerRequests {
  return useStore(composerRequests);
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
