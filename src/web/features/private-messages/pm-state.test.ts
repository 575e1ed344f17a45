import { describe, expect, it } from 'vitest';
import { draftMessage, type Message } from '../../../shared/entities/message';
import { aPublicUser } from '../../testing/fixtures';
import { conversationList, initialPmState, pmReducer, unreadTotal, unsentCopy, type PmState } from './pm-state';

const ME = 1;
const ALI = aPublicUser(2, { username: 'علي' });
const MONA = aPublicUser(3, { username: 'منى' });

function pm(id: number, from: number, to: number, content: string, at = 1_700_000_000_000 + id * 1000): Message {
  const sender = from === ALI.id ? ALI : from === MONA.id ? MONA : aPublicUser(ME);
  return {
    ...draftMessage({ id, content, senderId: from, receiverId: to, isPrivate: true, sender }),
    timestamp: new Date(at).toISOString(),
  } as Message;
}

const incoming = (state: PmState, message: Message, viewing = false) =>
  pmReducer(state, { type: 'incoming', message, myId: ME, viewing });

describe('private messages state', () => {
  it('counts unread messages per conversation and in total, and clears them when read', () => {
    let state = incoming(initialPmState, pm(10, ALI.id, ME, 'مرحبا'));
    state = incoming(state, pm(11, ALI.id, ME, 'كيف حالك'));
    state = incoming(state, pm(12, MONA.id, ME, 'أهلاً'));
    expect(state.conversations[ALI.id]?.unreadCount).toBe(2);
    expect(unreadTotal(state)).toBe(3);
    state = pmReducer(state, { type: 'read', otherId: ALI.id });
    expect(unreadTotal(state)).toBe(1);
  });

  it('forgets a conversation whose other person deleted their account, and closes its box', () => {
    let state = incoming(initialPmState, pm(10, ALI.id, ME, 'مرحبا'));
    state = incoming(state, pm(11, MONA.id, ME, 'أهلاً'));
    state = pmReducer(state, { type: 'open', peer: { id: ALI.id, username: ALI.username } });
    state = pmReducer(state, { type: 'peerDeleted', otherId: ALI.id });
    expect(state.openWith).toBeNull();
    expect(state.threads[ALI.id]).toBeUndefined();
    expect(conversationList(state.conversations).map((c) => c.otherUserId)).toEqual([MONA.id]);
    expect(unreadTotal(state)).toBe(1);
    expect(pmReducer(state, { type: 'peerDeleted', otherId: 99 })).toBe(state);
  });

  it('does not count a message read as it arrives (the box is open), nor our own', () => {
    let state = incoming(initialPmState, pm(10, ALI.id, ME, 'مرحبا'), true);
    state = incoming(state, pm(11, ME, ALI.id, 'أهلاً'));
    expect(unreadTotal(state)).toBe(0);
    expect(state.threads[ALI.id]?.messages.map((m) => m.id)).toEqual([10, 11]);
  });

  it('drops duplicates: same id, or same content and sender within a second (spec §4)', () => {
    let state = incoming(initialPmState, pm(10, ALI.id, ME, 'مرحبا', 5000));
    state = incoming(state, pm(10, ALI.id, ME, 'مرحبا', 5000));
    state = incoming(state, pm(11, ALI.id, ME, 'مرحبا', 5400));
    expect(state.threads[ALI.id]?.messages).toHaveLength(1);
    expect(state.conversations[ALI.id]?.unreadCount).toBe(1);
    state = incoming(state, pm(12, ALI.id, ME, 'مرحبا', 7000));
    expect(state.threads[ALI.id]?.messages).toHaveLength(2);
  });

  it('replaces our unsent copy with the stored message', () => {
    const copy = unsentCopy({
      seq: 1,
      clientMessageId: 'c-1',
      sender: aPublicUser(ME),
      receiverId: ALI.id,
      content: 'سلام',
      messageType: 'text',
      textColor: null,
      bold: false,
      createdAt: 1000,
    });
    let state = pmReducer(initialPmState, { type: 'sent', message: copy, otherId: ALI.id, username: 'علي' });
    expect(state.threads[ALI.id]?.messages[0]?.pending).toBe(true);
    state = incoming(state, { ...pm(20, ME, ALI.id, 'سلام'), clientMessageId: 'c-1' });
    expect(state.threads[ALI.id]?.messages.map((m) => [m.id, m.pending ?? false])).toEqual([[20, false]]);
  });

  it('keeps pages in time order and remembers whether older ones remain', () => {
    let state = pmReducer(initialPmState, {
      type: 'pageLoaded',
      otherId: ALI.id,
      messages: [pm(30, ALI.id, ME, 'c'), pm(31, ME, ALI.id, 'd')],
      hasMore: true,
      otherReadUpTo: 31,
      older: false,
    });
    state = pmReducer(state, {
      type: 'pageLoaded',
      otherId: ALI.id,
      messages: [pm(28, ALI.id, ME, 'a'), pm(29, ME, ALI.id, 'b')],
      hasMore: false,
      otherReadUpTo: 0,
      older: true,
    });
    const thread = state.threads[ALI.id]!;
    expect(thread.messages.map((m) => m.content)).toEqual(['a', 'b', 'c', 'd']);
    expect(thread.hasMore).toBe(false);
    expect(thread.otherReadUpTo).toBe(31);
  });

  it('lists conversations newest first and finds them by name', () => {
    let state = incoming(initialPmState, pm(10, ALI.id, ME, 'قديمة'));
    state = incoming(state, pm(11, MONA.id, ME, 'جديدة'));
    expect(conversationList(state.conversations).map((c) => c.username)).toEqual(['منى', 'علي']);
    expect(conversationList(state.conversations, 'عل').map((c) => c.username)).toEqual(['علي']);
  });

  it('shows typing for 3 s, and a message from the typist ends it', () => {
    let state = pmReducer(initialPmState, { type: 'typing', userId: ALI.id, isTyping: true, now: 0 });
    expect(pmReducer(state, { type: 'typingExpired', now: 2000 }).typing[ALI.id]).toBe(3000);
    expect(pmReducer(state, { type: 'typingExpired', now: 3001 }).typing[ALI.id]).toBeUndefined();
    state = incoming(state, pm(10, ALI.id, ME, 'ها أنا'));
    expect(state.typing[ALI.id]).toBeUndefined();
  });

  it("marks our messages read up to the other person's mark", () => {
    const state = pmReducer(initialPmState, { type: 'otherRead', otherId: ALI.id, lastReadMessageId: 42 });
    expect(state.threads[ALI.id]?.otherReadUpTo).toBe(42);
    expect(pmReducer(state, { type: 'otherRead', otherId: ALI.id, lastReadMessageId: 7 })).toBe(state);
  });
});

describe('edited and deleted private messages (issue 22)', () => {
  it('change the text in the thread and the list, or leave the thread', () => {
    let state = incoming(initialPmState, pm(10, ALI.id, ME, 'قبل'));
    state = incoming(state, pm(11, ALI.id, ME, 'ستُحذف'));
    state = pmReducer(state, { type: 'edited', otherId: ALI.id, messageId: 11, content: 'بعد', editedAt: 'x' });
    expect(state.threads[ALI.id]!.messages.map((m) => m.content)).toEqual(['قبل', 'بعد']);
    expect(state.conversations[ALI.id]!.lastMessage).toMatchObject({ content: 'بعد', editedAt: 'x' });
    state = pmReducer(state, { type: 'removed', otherId: ALI.id, messageId: 10 });
    expect(state.threads[ALI.id]!.messages.map((m) => m.id)).toEqual([11]);
  });
});
