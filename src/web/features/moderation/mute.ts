import { useEffect, useState } from 'react';
import { useChat } from '../chat/timeline/chat-context';

const clock = new Intl.DateTimeFormat('ar-u-nu-latn', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = new Intl.DateTimeFormat('ar-u-nu-latn', { day: 'numeric', month: 'long' });
const DAY_MS = 86_400_000;

/** When a mute ends, for people: "14:30" today, "3 فبراير 14:30" on a later day. */
export function formatMuteEnd(until: number, now: number = Date.now()): string {
  const end = new Date(until);
  const sameDay = end.toDateString() === new Date(now).toDateString();
  return sameDay ? clock.format(end) : `${day.format(end)} ${clock.format(end)}`;
}

/**
 * The end of the signed-in user's mute while it runs, else null. Re-renders by itself when the
 * time passes, so the composer comes back without a reload or a word from the server.
 */
export function useActiveMute(): number | null {
  const mutedUntil = useChat((s) => s.mutedUntil);
  const [expired, setExpired] = useState<number | null>(null);
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    if (mutedUntil === null) return;
    // Timers cannot wait a month (browsers cap them near 25 days): look again at least daily.
    const wait = Math.max(0, Math.min(mutedUntil - Date.now() + 50, DAY_MS));
    const timer = setTimeout(() => {
      if (Date.now() >= mutedUntil) setExpired(mutedUntil);
      else setRecheck((n) => n + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [mutedUntil, recheck]);
  return mutedUntil !== null && expired !== mutedUntil ? mutedUntil : null;
}
