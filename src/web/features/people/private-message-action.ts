import { useSyncExternalStore } from 'react';

/** Who a private message is for, as the card knows them. */
export interface PrivateMessageTarget {
  id: number;
  username: string;
  gender: string | null;
  profileImage: string | null;
}

type Handler = (target: PrivateMessageTarget) => void;

let handler: Handler | null = null;
const listeners = new Set<() => void>();

/**
 * The private-messages feature plugs its "open the conversation" here (e.g. at start-up:
 * `registerPrivateMessageAction((user) => openConversation(user))`). The card shows its "private
 * message" button only while one is registered. Returns how to unregister.
 */
export function registerPrivateMessageAction(open: Handler): () => void {
  handler = open;
  for (const listener of listeners) listener();
  return () => {
    if (handler !== open) return;
    handler = null;
    for (const listener of listeners) listener();
  };
}

export function usePrivateMessageAction(): Handler | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => handler,
  );
}

let openConversationWith: number | null = null;

/**
 * The private-messages feature says which conversation is on screen (null: none): a private
 * message notification from that person is then marked read at once, without a sound.
 */
export function setOpenConversation(userId: number | null): void {
  openConversationWith = userId;
}

export function openConversationUserId(): number | null {
  return openConversationWith;
}
