import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Whether the bell's panel is open: the bell opens it, and so does a tapped friend-request push. */
const bellStore = createStore<{ open: boolean }>()(() => ({ open: false }));

export function openNotificationPanel(): void {
  bellStore.setState({ open: true });
}

export function closeNotificationPanel(): void {
  bellStore.setState({ open: false });
}

export function useNotificationPanelOpen(): boolean {
  return useStore(bellStore, (state) => state.open);
}
