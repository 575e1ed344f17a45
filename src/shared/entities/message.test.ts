import { describe, expect, it } from 'vitest';
import { draftMessage, mergeMessages, normalizeHexColor, type ListedMessage } from './message';

function message(id: number, extra: Partial<ListedMessage> = {}): ListedMessage {
  return draftMessage({
    id,
    content: `رسالة ${id}`,
    timestamp: new Date(1_700_000_000_000 + Math.abs(id) * 1000).toISOString(),
    senderId: 1,
    roomId: 'general',
    ...extra,
  });
}

describe('normalizeHexColor (spec §5: six hex digits, optional #)', () => {
  it('keeps valid colours and ignores everything else', () => {
    expect(normalizeHexColor('#B91C1C')).toBe('#b91c1c');
    expect(normalizeHexColor('0f766e')).toBe('#0f766e');
    for (const bad of ['#fff', 'red', '#12345g', 'url(x)', '', null, 42, '#1234567'])
      expect(normalizeHexColor(bad)).toBeNull();
  });
});

describe('mergeMessages (spec §4 "Messages")', () => {
  it('drops duplicates by id and by same timestamp, sender and content', () => {
    const list = mergeMessages([], [message(1), message(2)]);
    expect(mergeMessages(list, [message(2)])).toBe(list);
    const twin = { ...message(2), id: 99 };
    expect(mergeMessages(list, [twin])).toBe(list);
    expect(mergeMessages(list, [message(3)]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('keeps stored messages in id order when history arrives after live messages', () => {
    const live = mergeMessages([], [message(20), message(21)]);
    const withHistory = mergeMessages(live, [message(8), message(9), message(20)]);
    expect(withHistory.map((m) => m.id)).toEqual([8, 9, 20, 21]);
  });

  it('replaces the optimistic copy with the stored one and keeps unsent messages last', () => {
    const pending = message(-1, { pending: true, clientMessageId: 'c-1', content: 'مرحبا' });
    let list = mergeMessages([message(5)], [pending]);
    list = mergeMessages(list, [message(6)]);
    expect(list.map((m) => m.id)).toEqual([5, 6, -1]);
    list = mergeMessages(list, [message(7, { clientMessageId: 'c-1', content: 'مرحبا' })]);
    expect(list.map((m) => m.id)).toEqual([5, 6, 7]);
    expect(list.some((m) => m.pending)).toBe(false);
  });

  it('keeps at most `cap` messages, dropping the oldest', () => {
    const many = Array.from({ length: 400 }, (_, i) => message(i + 1));
    const list = mergeMessages([], many, 300);
    expect(list).toHaveLength(300);
    expect(list[0]!.id).toBe(101);
    expect(list.at(-1)!.id).toBe(400);
  });
});
