import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Which of one's own messages is being edited in place ('room:12', 'pm:40'), if any: one at a time. */
export const editingStore = createStore<{ key: string | null }>()(() => ({ key: null }));

export const editingKey = (kind: 'room' | 'pm', id: number) => `${kind}:${id}`;

export function startEditing(kind: 'room' | 'pm', id: number): void {
  editingStore.setState({ key: editingKey(kind, id) });
}

export function stopEditing(): void {
  editingStore.setState({ key: null });
}

/** Whether this message is the one being edited now. */
export function useIsEditing(kind: 'room' | 'pm', id: number): boolean {
  return useStore(editingStore, (s) => s.key === editingKey(kind, id));
}
