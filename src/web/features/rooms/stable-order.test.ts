import { describe, expect, it } from 'vitest';
import { FREE, isHeld, keepOrder, TOUCH_HOLD_MS } from './stable-order';

const room = (id: string, userCount: number) => ({ id, userCount });

describe('the room list keeps still while it is used', () => {
  it('is held while the pointer is over it, focus is in it, or for a moment after a finger lifts', () => {
    const now = 10_000;
    expect(isHeld(FREE, now)).toBe(false);
    expect(isHeld({ ...FREE, pointerInside: true }, now)).toBe(true);
    expect(isHeld({ ...FREE, focusInside: true }, now)).toBe(true);
    expect(isHeld({ ...FREE, lastTouchAt: now - TOUCH_HOLD_MS + 1 }, now)).toBe(true);
    expect(isHeld({ ...FREE, lastTouchAt: now - TOUCH_HOLD_MS }, now)).toBe(false);
    // A finger scrolling the list for longer than the hold still holds it.
    expect(isHeld({ ...FREE, touching: true, lastTouchAt: now - 10 * TOUCH_HOLD_MS }, now)).toBe(true);
  });

  it('keeps the order on screen with the new counts, appends new rooms and drops gone ones', () => {
    const resorted = [room('b', 9), room('new', 5), room('a', 1)];
    const kept = keepOrder(['a', 'gone', 'b'], resorted);
    expect(kept.map((r) => r.id)).toEqual(['a', 'b', 'new']);
    expect(kept[0]).toEqual(room('a', 1));
    expect(kept[1]).toEqual(room('b', 9));
  });

  it('with no order remembered, leaves the list as it came', () => {
    expect(keepOrder([], [room('x', 1), room('y', 2)]).map((r) => r.id)).toEqual(['x', 'y']);
  });
});
