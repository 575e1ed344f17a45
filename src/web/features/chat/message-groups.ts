import type { TimelineEntry } from './timeline/chat-state';

/** Messages from one sender closer than this share one header (avatar, name, time). */
export const GROUP_GAP_MS = 5 * 60 * 1000;

/** What the list shows, in order: a day separator, or a message with or without its header. */
export type ListItem =
  | { kind: 'day'; key: string; day: DayLabel }
  | { kind: 'message'; key: string | number; message: TimelineEntry; head: boolean; tail: boolean };

/** A day separator's text: today, yesterday, or a date. */
export type DayLabel = { type: 'today' } | { type: 'yesterday' } | { type: 'date'; date: Date };

/** The local calendar day of a time, as a key ("2026-0-5"). */
function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

function dayLabel(date: Date, now: Date): DayLabel {
  if (dayKey(date) === dayKey(now)) return { type: 'today' };
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return { type: 'yesterday' };
  return { type: 'date', date };
}

/** Notices (join, leave, moderation) stand alone: they never head or join a group. */
const isNotice = (m: TimelineEntry) => m.messageType === 'system';

/**
 * The list's rows: a day separator before the first message of each day, and a header only where
 * the sender changes, a notice came between, or more than `GROUP_GAP_MS` passed (`tail` marks the
 * last row of a run). Pure, so the
 * rules are tested without a browser; `now` decides what "today" is.
 */
export function groupMessages(messages: readonly TimelineEntry[], now: Date, gapMs = GROUP_GAP_MS): ListItem[] {
  const items: ListItem[] = [];
  let previous: TimelineEntry | undefined;
  let previousDay: string | undefined;
  for (const message of messages) {
    const at = new Date(message.timestamp);
    const valid = !Number.isNaN(at.getTime());
    const day = valid ? dayKey(at) : previousDay;
    const newDay = day !== undefined && day !== previousDay;
    if (newDay && valid) items.push({ kind: 'day', key: `day:${day}`, day: dayLabel(at, now) });
    const previousAt = previous ? new Date(previous.timestamp).getTime() : Number.NaN;
    const continues =
      previous !== undefined &&
      !newDay &&
      !isNotice(message) &&
      !isNotice(previous) &&
      previous.senderId === message.senderId &&
      valid &&
      at.getTime() - previousAt <= gapMs &&
      at.getTime() >= previousAt;
    const last = items.at(-1);
    if (continues && last?.kind === 'message') last.tail = false;
    items.push({ kind: 'message', key: message.clientMessageId ?? message.id, message, head: !continues, tail: true });
    previous = message;
    previousDay = day;
  }
  return items;
}
