import { useEffect, useRef, useState, type FocusEvent, type PointerEvent, type TouchEvent } from 'react';

/** How long after a finger lifts the list keeps still: between taps, and while a flick glides on. */
export const TOUCH_HOLD_MS = 2000;

export interface HoldState {
  pointerInside: boolean;
  focusInside: boolean;
  /** A finger is on the list now (scrolling it, however long that takes). */
  touching: boolean;
  /** When the list was last touched (ms), or -Infinity. */
  lastTouchAt: number;
}

export const FREE: HoldState = {
  pointerInside: false,
  focusInside: false,
  touching: false,
  lastTouchAt: Number.NEGATIVE_INFINITY,
};

/** Whether someone is using the list now: pointer over it, focus in it, a finger on it or just lifted. */
export function isHeld(state: HoldState, now: number): boolean {
  return state.pointerInside || state.focusInside || state.touching || now - state.lastTouchAt < TOUCH_HOLD_MS;
}

/**
 * `items` in the order of `previous` (their ids), so nothing moves under the pointer: items that
 * were there keep their places (with their new data), new ones go to the end, gone ones go.
 */
export function keepOrder<T extends { id: string }>(previous: readonly string[], items: readonly T[]): T[] {
  const rank = new Map(previous.map((id, index) => [id, index]));
  return items
    .map((item, index) => ({ item, key: rank.get(item.id) ?? previous.length + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

/**
 * The list as shown: live data at once, but a new order only while nobody is using it. Returns
 * the items and the handlers to spread on the list's container.
 */
export function useStableOrder<T extends { id: string }>(items: T[]) {
  const [hold, setHold] = useState<HoldState>(FREE);
  // The touch hold ends by the clock: a timer re-renders then, and `now` is taken in the handler.
  const [now, setNow] = useState(0);
  const [orderKey, setOrderKey] = useState(() => items.map((item) => item.id).join('\n'));
  const held = isHeld(hold, now);
  const shown = held ? keepOrder(orderKey.split('\n'), items) : items;
  const shownKey = shown.map((item) => item.id).join('\n');
  // Remember what is on screen (adjusting state while rendering), so a hold keeps exactly that.
  if (shownKey !== orderKey) setOrderKey(shownKey);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** A finger went down (`down`) or lifted: hold until TOUCH_HOLD_MS after the last one lifts. */
  const touched = (down: boolean) => {
    const at = Date.now();
    setNow(at);
    setHold((s) => ({ ...s, touching: down, lastTouchAt: at }));
    clearTimeout(timer.current);
    // A timer may fire a little before Date.now() says the time is up: the hold ends regardless.
    timer.current = setTimeout(() => setNow(Math.max(Date.now(), at + TOUCH_HOLD_MS)), TOUCH_HOLD_MS);
  };

  const handlers = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHold((s) => ({ ...s, pointerInside: true }));
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHold((s) => ({ ...s, pointerInside: false }));
    },
    // A pen (no touch events) holds the list for a moment, as a finger's tap does.
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'pen') touched(false);
    },
    // Touch events, not pointer events, for fingers: a scroll cancels the pointer at once, while
    // the touch goes on until the finger lifts.
    onTouchStart: () => touched(true),
    onTouchEnd: (event: TouchEvent) => touched(event.touches.length > 0),
    onTouchCancel: (event: TouchEvent) => touched(event.touches.length > 0),
    onFocus: () => setHold((s) => ({ ...s, focusInside: true })),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null))
        setHold((s) => ({ ...s, focusInside: false }));
    },
  };
  return { shown, held, handlers };
}
