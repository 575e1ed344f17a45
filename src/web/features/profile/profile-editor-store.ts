import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Whether the profile editor is open: opened from the settings, shown by the header. */
export const profileEditorStore = createStore<{ open: boolean }>()(() => ({ open: false }));

export const openProfileEditor = () => profileEditorStore.setState({ open: true });
export const closeProfileEditor = () => profileEditorStore.setState({ open: false });
export const useProfileEditorOpen = () => useStore(profileEditorStore, (s) => s.open);
