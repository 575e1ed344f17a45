import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { closeUserCard } from '../people/user-card-store';

export type PanelTab = 'online' | 'sanctions' | 'log' | 'reports' | 'words' | 'roles';

/** Whether the moderation panel is open, and on which tab: the header, the settings menu and the chat share it. */
const store = createStore<{ open: boolean; tab: PanelTab }>()(() => ({ open: false, tab: 'online' }));

export const panelStore = store;

export function usePanel() {
  return useStore(store);
}

export function openPanel(tab?: PanelTab): void {
  store.setState((s) => ({ open: true, tab: tab ?? s.tab }));
}

export function closePanel(): void {
  // A card opened from the panel closes with it rather than reappearing over the chat.
  closeUserCard();
  store.setState({ open: false });
}

export function selectPanelTab(tab: PanelTab): void {
  store.setState({ tab });
}
