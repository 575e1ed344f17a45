import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ChatClient } from './chat-client';
import type { ChatState } from './chat-state';

/** The room timeline's client, provided with the realtime core (app/LiveProvider). */
export const ChatClientContext = createContext<ChatClient | null>(null);

export function useChatClient(): ChatClient {
  const client = useContext(ChatClientContext);
  if (!client) throw new Error('useChatClient outside the live provider');
  return client;
}

/** Subscribes to one slice of the room timeline's state; the selector must return a stable value. */
export function useChat<T>(selector: (state: ChatState) => T): T {
  return useStore(useChatClient().store, selector);
}
