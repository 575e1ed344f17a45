import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { initialPmState, pmReducer, type PmAction, type PmState } from './pm-state';

/**
 * Private messages' state, beside the room's realtime store rather than inside it: the panel,
 * the box, the conversations and their pages. One per page; emptied at sign-out.
 */
export const pmStore = createStore<PmState>()(() => initialPmState);

export function pmDispatch(action: PmAction): void {
  pmStore.setState(pmReducer(pmStore.getState(), action), true);
}

/** Subscribes to one slice of the private messages state; the selector must return a stable value. */
export function usePm<T>(selector: (state: PmState) => T): T {
  return useStore(pmStore, selector);
}

export function openMessagesPanel(): void {
  pmDispatch({ type: 'panel', open: true });
}

export function closeMessagesPanel(): void {
  pmDispatch({ type: 'panel', open: false });
}

export function closeConversation(): void {
  pmDispatch({ type: 'open', peer: null });
}
