import { describe, expect, it } from 'vitest';
import { draftMessage } from '../../../shared/entities/message';
import { groupMessages, type ListItem } from './message-groups';
import type { TimelineEntry } from './timeline/chat-state';

// Local times, so "today" and "yesterday" hold in any time zone the tests run in.
const NOW = new Date(2026, 4, 10, 12, 0);
const at = (day: number, hour: number, minute: number) => new Date(2026, 4, day, hour, minute).toISOString();

let nextId = 1;
function msg(senderId: number, timestamp: string, fields: Partial<TimelineEntry> = {}): TimelineEntry {
  return { ...draftMessage({ id: nextId++, senderId, timestamp, content: 'x' }), ...fields };
}

/** "day:today", "h1" (a message with its header, from sender 1), "c1" (continuing). */
function shape(items: ListItem[]): string[] {
  return items.map((i) =>
    i.kind === 'day'
      ? `day:${i.day.type === 'date' ? i.day.date.getDate() : i.day.type}`
      : `${i.head ? 'h' : 'c'}${i.message.senderId}`,
  );
}

describe('groupMessages', () => {
  it('gives one header to consecutive messages of one sender within five minutes', () => {
    const items = groupMessages(
      [msg(1, at(10, 9, 0)), msg(1, at(10, 9, 2)), msg(1, at(10, 9, 7)), msg(2, at(10, 9, 8)), msg(1, at(10, 9, 9))],
      NOW,
    );
    expect(shape(items)).toEqual(['day:today', 'h1', 'c1', 'c1', 'h2', 'h1']);
    expect(items.map((i) => i.kind === 'message' && i.tail)).toEqual([false, false, false, true, true, true]);
  });

  it('starts a new header after a longer pause', () => {
    const items = groupMessages([msg(1, at(10, 9, 0)), msg(1, at(10, 9, 5)), msg(1, at(10, 9, 11))], NOW);
    expect(shape(items)).toEqual(['day:today', 'h1', 'c1', 'h1']);
  });

  it('separates days: a date, yesterday, today; a group never crosses midnight', () => {
    const items = groupMessages(
      [msg(1, at(3, 23, 0)), msg(1, at(9, 23, 58)), msg(1, at(10, 0, 1)), msg(1, at(10, 0, 2))],
      NOW,
    );
    expect(shape(items)).toEqual(['day:3', 'h1', 'day:yesterday', 'h1', 'day:today', 'h1', 'c1']);
  });

  it('lets notices stand alone and breaks a group around them', () => {
    const items = groupMessages(
      [
        msg(1, at(10, 9, 0)),
        msg(3, at(10, 9, 1), { messageType: 'system', notice: 'join', id: -1 }),
        msg(1, at(10, 9, 2)),
        msg(1, at(10, 9, 3)),
      ],
      NOW,
    );
    expect(shape(items)).toEqual(['day:today', 'h1', 'h3', 'h1', 'c1']);
  });

  it('keys rows by clientMessageId when there is one (an optimistic copy keeps its row)', () => {
    const items = groupMessages([msg(1, at(10, 9, 0), { clientMessageId: 'c1' }), msg(1, at(10, 9, 0))], NOW);
    expect(items.map((i) => i.key)).toEqual(['day:2026-4-10', 'c1', nextId - 1]);
    expect(groupMessages([], NOW)).toEqual([]);
  });
});
