import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** When this page last sent a message in each room (slow mode's countdown starts from it). */
const lastSent = createStore<Record<string, number>>()(() => ({}));

export function noteSent(roomId: string, at = Date.now()): void {
  lastSent.setState({ [roomId]: at });
}

/** Seconds left before slow mode lets the reader send again in the room (0: now). */
export function secondsLeft(sentAt: number | undefined, seconds: number, now: number): number {
  if (!sentAt || seconds <= 0) return 0;
  return Math.min(seconds, Math.max(0, Math.ceil((sentAt + seconds * 1000 - now) / 1000)));
}

/** Slow mode's countdown for the composer, ticking each second while it runs. */
export function useSlowModeCountdown(roomId: string | null, seconds: number): number {
  const sentAt = useStore(lastSent, (s) => (roomId ? s[roomId] : undefined));
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(sentAt, seconds, now);
  useEffect(() => {
    if (!sentAt || seconds <= 0) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [sentAt, seconds]);
  return left;
}
