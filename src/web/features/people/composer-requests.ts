import { VOICE_NOTE_TEXTS } from '../voice-notes/texts';
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
      excerpt: message.messageType === 'voice' ? VOICE_NOTE_TEXTS.preview : [...message.content].slice(0, 80).join(''),
    },
  });
}

export function cancelReply(): void {
  composerRequests.setState({ replyTo: null });
}

export function useComposerRequests(): ComposerRequests {
  return useStore(composerRequests);
}

export { mentionAtCaret, mentions } from '../../../shared/text/mentions';
