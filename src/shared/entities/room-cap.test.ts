import { describe, expect, it } from 'vitest';
import { capRoomList, normalizeRoom, type Room } from './room';

const room = (id: string, parentId: string | null = null): Room => normalizeRoom({ id, name: id, parentId })!;

describe('capRoomList (spec §9: 100 cached rooms)', () => {
  it('counts top-level rooms only: rooms under a kept room come with it', () => {
    const list = [
      room('general'),
      room('egypt'),
      ...Array.from({ length: 30 }, (_, i) => room(`egypt-${i}`, 'egypt')),
      room('sabaya'),
      room('sabaya-chat', 'sabaya'),
      room('staff-1'),
      room('staff-2'),
    ];
    const kept = capRoomList(list, 3);
    expect(kept.map((r) => r.id)).toEqual(list.slice(0, 34).map((r) => r.id));
    expect(capRoomList(list, 100)).toHaveLength(list.length);
  });

  it('treats a room whose parent is not listed as top-level', () => {
    const list = [room('a'), room('orphan', 'missing'), room('b')];
    expect(capRoomList(list, 2).map((r) => r.id)).toEqual(['a', 'orphan']);
  });

  it('reads parentId from snake_case too and never makes a room its own parent', () => {
    expect(normalizeRoom({ id: 'x', parent_id: 'egypt' })?.parentId).toBe('egypt');
    expect(normalizeRoom({ id: 'x', parentId: 'x' })?.parentId).toBeNull();
    expect(normalizeRoom({ id: 'x' })?.parentId).toBeNull();
  });
});
