import { describe, expect, it } from 'vitest';
import { MESSAGES, TYPING_INDICATOR_MS } from '../../../../shared/constants';
import type { EnvelopeType } from '../../../../shared/realtime/protocol';
import { chatReducer, TIMELINE_ENVELOPES, type ChatAction, type TimelineEnvelope } from './chat-reducer';
import {
  initialChatState,
  isMuted,
  onlineIn,
  privateTimeline,
  roomTimeline,
  timelineOf,
  type ChatState,
} from './chat-state';
import { aMessage, anOnlineUser, aPublicUser, aQueuedMessage, aSelfUser } from '../../../testing/fixtures';

const ME = 1;
const AT = Date.UTC(2026, 0, 1, 12, 30);

function run(...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, initialChatState);
}

function server(envelope: TimelineEnvelope, at = AT): ChatAction {
  return { type: 'server', envelope, at, myId: ME };
}

const room = (state: ChatState, roomId = 'general') => timelineOf(state, roomTimeline(roomId));
const contents = (state: ChatState, roomId = 'general') => room(state, roomId).messages.map((m) => m.content);

describe('timeline keys', () => {
  it('name rooms and private conversations apart', () => {
    expect(roomTimeline('general')).toBe('room:general');
    expect(privateTimeline(42)).toBe('private:42');
  });
});

describe('rooms joined', () => {
  it('records the confirmed room and clears it while joining again', () => {
    const joined = run({ type: 'joined', roomId: 'egypt' });
    expect(joined.joinedRoomId).toBe('egypt');
    expect(chatReducer(joined, { type: 'joined', roomId: 'egypt' })).toBe(joined);
    expect(chatReducer(joined, { type: 'rejoining' }).joinedRoomId).toBeNull();
  });
});

describe('new messages', () => {
  it('adds room messages in id order', () => {
    const state = run(
      server({ type: 'newMessage', message: aMessage(2) }),
      server({ type: 'newMessage', message: aMessage(1) }),
    );
    expect(room(state).messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('drops duplicates by id, and by the same timestamp, sender and content (spec §4)', () => {
    const first = run(server({ type: 'newMessage', message: aMessage(5) }));
    expect(chatReducer(first, server({ type: 'newMessage', message: aMessage(5) }))).toBe(first);
    const sameContent = aMessage(6, { timestamp: aMessage(5).timestamp, content: 'message 5' });
    expect(chatReducer(first, server({ type: 'newMessage', message: sameContent }))).toBe(first);
  });

  it('ignores messages without a room (private messages come later)', () => {
    const state = run(server({ type: 'newMessage', message: aMessage(1, { roomId: null, isPrivate: true }) }));
    expect(state).toBe(initialChatState);
  });

  it('keeps each room apart', () => {
    const state = run(
      server({ type: 'newMessage', message: aMessage(1) }),
      server({ type: 'newMessage', message: aMessage(2, { roomId: 'egypt' }) }),
    );
    expect(contents(state)).toEqual(['message 1']);
    expect(contents(state, 'egypt')).toEqual(['message 2']);
  });

  it('keeps at most 300 messages per room', () => {
    let state = initialChatState;
    for (let id = 1; id <= MESSAGES.clientRoomCap + 5; id++)
      state = chatReducer(state, server({ type: 'newMessage', message: aMessage(id, { timestamp: `t${id}` }) }));
    expect(room(state).messages).toHaveLength(MESSAGES.clientRoomCap);
    expect(room(state).messages[0]!.id).toBe(6);
  });

  it('clears the typing indicator of whoever just posted', () => {
    const state = run(
      server({ type: 'typing', roomId: 'general', userId: 2, username: 'user2', isTyping: true }),
      server({ type: 'newMessage', message: aMessage(1, { senderId: 2 }) }),
    );
    expect(room(state).typing).toEqual([]);
  });
});

describe('a hidden tab', () => {
  it('buffers room messages and applies them, in order, when visible again', () => {
    const hidden = run(
      { type: 'visibility', hidden: true },
      server({ type: 'newMessage', message: aMessage(1) }),
      server({ type: 'newMessage', message: aMessage(2, { roomId: 'egypt' }) }),
      server({ type: 'newMessage', message: aMessage(3) }),
    );
    expect(room(hidden).messages).toEqual([]);
    expect(hidden.hiddenBuffer).toHaveLength(3);
    const visible = chatReducer(hidden, { type: 'visibility', hidden: false });
    expect(contents(visible)).toEqual(['message 1', 'message 3']);
    expect(contents(visible, 'egypt')).toEqual(['message 2']);
    expect(visible.hiddenBuffer).toEqual([]);
    expect(visible.hidden).toBe(false);
  });

  it('still shows our own sends and their acknowledgements at once', () => {
    const entry = aQueuedMessage('c1');
    const state = run(
      { type: 'visibility', hidden: true },
      { type: 'sent', entry, sender: aPublicUser(ME) },
      { type: 'acked', message: aMessage(9, { senderId: ME, clientMessageId: 'c1', content: entry.content }) },
    );
    expect(room(state).messages.map((m) => m.id)).toEqual([9]);
  });

  it('changes nothing when it was visible already', () => {
    expect(run({ type: 'visibility', hidden: false })).toBe(initialChatState);
  });
});

describe('typing', () => {
  const typing = (userId: number, isTyping: boolean, at = AT) =>
    server({ type: 'typing', roomId: 'general', userId, username: `user${userId}`, isTyping }, at);

  it('shows who types until 3 s after their last signal', () => {
    const state = run(typing(2, true), typing(3, true, AT + 1000));
    expect(room(state).typing).toEqual([
      { userId: 2, username: 'user2', until: AT + TYPING_INDICATOR_MS },
      { userId: 3, username: 'user3', until: AT + 1000 + TYPING_INDICATOR_MS },
    ]);
    const expired = chatReducer(state, { type: 'typingExpired', now: AT + TYPING_INDICATOR_MS });
    expect(room(expired).typing.map((e) => e.userId)).toEqual([3]);
    expect(chatReducer(expired, { type: 'typingExpired', now: AT + TYPING_INDICATOR_MS + 1 })).toBe(expired);
  });

  it('renews the indicator on a new signal and removes it on stop', () => {
    const renewed = run(typing(2, true), typing(2, true, AT + 2000));
    expect(room(renewed).typing).toEqual([{ userId: 2, username: 'user2', until: AT + 2000 + TYPING_INDICATOR_MS }]);
    expect(room(chatReducer(renewed, typing(2, false))).typing).toEqual([]);
  });

  it('ignores our own typing (another tab) and a stop for someone not typing', () => {
    expect(run(typing(ME, true))).toBe(initialChatState);
    expect(run(typing(2, false))).toBe(initialChatState);
  });
});

describe('online users and notices', () => {
  it('replaces the list on onlineUsers, discarding invalid entries (spec §5)', () => {
    const state = run(
      server({
        type: 'onlineUsers',
        roomId: 'general',
        users: [anOnlineUser(2), { ...anOnlineUser(3), username: '' }, anOnlineUser(4)],
      }),
    );
    expect(onlineIn(state, 'general').map((u) => u.id)).toEqual([2, 4]);
    expect(onlineIn(state, 'egypt')).toEqual([]);
  });

  it('adds arrivals with a join notice, but none for ourselves', () => {
    const state = run(
      server({ type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(ME)] }),
      server({ type: 'userConnected', roomId: 'general', user: anOnlineUser(2) }),
      server({ type: 'usersConnected', roomId: 'general', users: [anOnlineUser(3), anOnlineUser(ME)] }, AT + 1),
    );
    expect(onlineIn(state, 'general').map((u) => u.id)).toEqual([2, 3, ME]);
    const notes = room(state).messages;
    expect(notes.map((m) => [m.notice, m.content, m.messageType])).toEqual([
      ['join', 'user2', 'system'],
      ['join', 'user3', 'system'],
    ]);
    expect(notes.every((m) => m.id < 0)).toBe(true);
    expect(new Set(notes.map((m) => m.id)).size).toBe(2);
  });

  it('removes departures with a leave notice and clears their typing', () => {
    const state = run(
      server({ type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(2), anOnlineUser(3), anOnlineUser(4)] }),
      server({ type: 'typing', roomId: 'general', userId: 2, username: 'user2', isTyping: true }),
      server({ type: 'userDisconnected', roomId: 'general', userId: 2, username: 'user2' }, AT + 1),
      server({ type: 'usersDisconnected', roomId: 'general', users: [{ id: 3, username: 'user3' }] }, AT + 2),
    );
    expect(onlineIn(state, 'general').map((u) => u.id)).toEqual([4]);
    expect(room(state).typing).toEqual([]);
    expect(room(state).messages.map((m) => [m.notice, m.content])).toEqual([
      ['leave', 'user2'],
      ['leave', 'user3'],
    ]);
  });

  it('ignores an arrival that is not a valid entry', () => {
    const bad = { ...anOnlineUser(2), userType: 'alien' } as unknown as ReturnType<typeof anOnlineUser>;
    expect(run(server({ type: 'userConnected', roomId: 'general', user: bad }))).toBe(initialChatState);
  });
});

describe('userUpdated', () => {
  const setup = () =>
    run(
      server({ type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(2), anOnlineUser(3)] }),
      server({ type: 'onlineUsers', roomId: 'egypt', users: [anOnlineUser(2)] }),
      server({ type: 'onlineUsers', roomId: 'iraq', users: [anOnlineUser(3)] }),
      server({ type: 'newMessage', message: aMessage(1, { senderId: 2, sender: aPublicUser(2) }) }),
      server({ type: 'newMessage', message: aMessage(2, { senderId: 3, sender: aPublicUser(3) }) }),
      server({ type: 'newMessage', message: aMessage(3, { roomId: 'egypt', senderId: 2, sender: aPublicUser(2) }) }),
      server({ type: 'typing', roomId: 'general', userId: 2, username: 'user2', isTyping: true }),
    );

  it("updates the user's entry in every online list and the sender of their messages in every timeline", () => {
    const renamed = aPublicUser(2, { username: 'سارة', role: 'moderator', usernameColor: '#be185d' });
    const state = chatReducer(setup(), server({ type: 'userUpdated', user: renamed }));
    expect(onlineIn(state, 'general')).toEqual([
      anOnlineUser(2, { username: 'سارة', role: 'moderator', usernameColor: '#be185d' }),
      anOnlineUser(3),
    ]);
    expect(onlineIn(state, 'egypt')[0]!.role).toBe('moderator');
    expect(room(state).messages.map((m) => m.sender?.username)).toEqual(['سارة', 'user3']);
    expect(room(state, 'egypt').messages[0]!.sender).toEqual(renamed);
    expect(room(state).typing[0]!.username).toBe('سارة');
  });

  it("keeps others' lists as they were", () => {
    const before = setup();
    const state = chatReducer(before, server({ type: 'userUpdated', user: aPublicUser(2, { role: 'admin' }) }));
    expect(state.online.iraq).toBe(before.online.iraq);
  });

  it('never copies private fields of a full record into what others see', () => {
    const state = chatReducer(setup(), server({ type: 'userUpdated', user: aSelfUser(2, { age: 30 }) }));
    expect(room(state).messages[0]!.sender).not.toHaveProperty('age');
    expect(room(state).messages[0]!.sender).not.toHaveProperty('showSystemMessages');
  });

  it('changes nothing for a user we do not show, or an invalid record', () => {
    const before = setup();
    expect(chatReducer(before, server({ type: 'userUpdated', user: aPublicUser(99) }))).toBe(before);
    const invalid = { ...aPublicUser(2), role: 'emperor' } as unknown as ReturnType<typeof aPublicUser>;
    expect(chatReducer(before, server({ type: 'userUpdated', user: invalid }))).toBe(before);
  });
});

describe('sending', () => {
  const entry = aQueuedMessage('c1');
  const stored = aMessage(10, {
    senderId: ME,
    sender: aPublicUser(ME),
    clientMessageId: 'c1',
    content: entry.content,
    textColor: entry.textColor,
    bold: true,
  });
  const sentState = () =>
    run(server({ type: 'newMessage', message: aMessage(1) }), { type: 'sent', entry, sender: aPublicUser(ME) });

  it('shows an optimistic copy at once, after the stored messages', () => {
    const [, copy] = room(sentState()).messages;
    expect(copy).toMatchObject({
      content: entry.content,
      senderId: ME,
      clientMessageId: 'c1',
      pending: true,
      textColor: '#b91c1c',
      bold: true,
      timestamp: new Date(entry.createdAt).toISOString(),
    });
    expect(copy!.id).toBeLessThan(0);
  });

  it('replaces the copy with the stored message when acknowledged (shown once)', () => {
    const state = chatReducer(sentState(), { type: 'acked', message: stored });
    expect(room(state).messages.map((m) => [m.id, m.pending ?? false])).toEqual([
      [1, false],
      [10, false],
    ]);
    // The broadcast of the same message arriving afterwards changes nothing.
    expect(chatReducer(state, server({ type: 'newMessage', message: stored }))).toBe(state);
  });

  it('also replaces the copy when the broadcast arrives before the acknowledgement', () => {
    const state = chatReducer(sentState(), server({ type: 'newMessage', message: stored }));
    expect(chatReducer(state, { type: 'acked', message: stored })).toBe(state);
    expect(room(state).messages).toHaveLength(2);
  });

  it('marks a refused message as not sent, and as sending again on retry', () => {
    const failed = chatReducer(sentState(), { type: 'sendFailed', roomId: 'general', clientMessageId: 'c1' });
    expect(room(failed).messages[1]).toMatchObject({ pending: false, failed: true });
    const retried = chatReducer(failed, { type: 'retried', roomId: 'general', clientMessageId: 'c1' });
    expect(room(retried).messages[1]).toMatchObject({ pending: true, failed: false });
    const acked = chatReducer(retried, { type: 'acked', message: stored });
    expect(room(acked).messages.map((m) => m.id)).toEqual([1, 10]);
  });

  it('changes nothing when the message is unknown', () => {
    const state = sentState();
    expect(chatReducer(state, { type: 'sendFailed', roomId: 'general', clientMessageId: 'zz' })).toBe(state);
    expect(chatReducer(state, { type: 'retried', roomId: 'general', clientMessageId: 'c1' })).toBe(state);
  });

  describe('a message heard as posted, then withdrawn (the server could not store it)', () => {
    const withdraw = (messageId: number) =>
      server({ type: 'messageDeleted', roomId: 'general', messageId, withdrawn: true });

    it('leaves the screen when it is someone else’s', () => {
      const state = run(
        server({ type: 'newMessage', message: aMessage(1) }),
        server({ type: 'newMessage', message: aMessage(2) }),
        withdraw(2),
      );
      expect(room(state).messages.map((m) => m.id)).toEqual([1]);
    });

    it('becomes our unsent copy again, last, when it is ours, then the retry replaces it', () => {
      const heard = chatReducer(sentState(), server({ type: 'newMessage', message: stored }));
      const later = chatReducer(heard, server({ type: 'newMessage', message: aMessage(11) }));
      const state = chatReducer(later, withdraw(10));
      const messages = room(state).messages;
      expect(messages.map((m) => m.content)).toEqual(['message 1', 'message 11', entry.content]);
      expect(messages[2]).toMatchObject({ clientMessageId: 'c1', pending: true });
      expect(messages[2]!.id).toBeLessThan(0);
      const retried = aMessage(12, { ...stored, id: 12 });
      const acked = chatReducer(state, { type: 'acked', message: retried });
      expect(room(acked).messages.map((m) => [m.id, m.pending ?? false])).toEqual([
        [1, false],
        [11, false],
        [12, false],
      ]);
    });

    it('just leaves when another try of ours was stored (it is shown once)', () => {
      const phantom = aMessage(13, { ...stored, id: 13 });
      const both = run(
        { type: 'sent', entry, sender: aPublicUser(ME) },
        server({ type: 'newMessage', message: stored }),
        server({ type: 'newMessage', message: phantom }),
        withdraw(13),
      );
      expect(room(both).messages.map((m) => m.id)).toEqual([10]);
    });
  });

  it('gives every local entry its own negative id', () => {
    const state = run(
      { type: 'sent', entry: aQueuedMessage('a'), sender: aPublicUser(ME) },
      { type: 'sent', entry: aQueuedMessage('b', { createdAt: entry.createdAt + 1 }), sender: aPublicUser(ME) },
    );
    expect(room(state).messages.map((m) => m.id)).toEqual([-1, -2]);
  });
});

describe('history', () => {
  it('merges what was loaded with what already arrived, and marks the room loaded', () => {
    const state = run(server({ type: 'newMessage', message: aMessage(13) }), {
      type: 'historyLoaded',
      roomId: 'general',
      messages: [aMessage(11), aMessage(12), aMessage(13)],
    });
    expect(room(state).messages.map((m) => m.id)).toEqual([11, 12, 13]);
    expect(room(state).loaded).toBe(true);
  });

  it('marks the room loaded even when loading failed', () => {
    const state = run({ type: 'historyFailed', roomId: 'general' });
    expect(room(state)).toMatchObject({ loaded: true, messages: [] });
    expect(chatReducer(state, { type: 'historyFailed', roomId: 'general' })).toBe(state);
  });
});

describe('other envelopes', () => {
  it('are not followed by the timeline: roomJoined (the room list cache holds rooms)', () => {
    expect(TIMELINE_ENVELOPES).not.toContain<EnvelopeType>('roomJoined');
  });

  it('ignore envelope types a newer server may add', () => {
    expect(run(server({ type: 'futureThing' } as unknown as TimelineEnvelope))).toBe(initialChatState);
  });
});

describe('moderation', () => {
  const notice = (fields: Partial<Extract<TimelineEnvelope, { type: 'moderationAction' }>> = {}): TimelineEnvelope => ({
    type: 'moderationAction',
    roomId: 'general',
    action: 'kick',
    actorName: 'سامي',
    actorGender: 'ذكر',
    targetName: 'علي',
    targetGender: null,
    reason: 'بدون سبب',
    durationMinutes: 15,
    ...fields,
  });

  it('puts a moderation action in the room as a local notice, after what was there', () => {
    const state = run(
      { type: 'historyLoaded', roomId: 'general', messages: [aMessage(1)] },
      server(notice()),
      server(notice({ action: 'mute', targetName: 'ليلى' }), AT + 1000),
    );
    const [first, kick, mute] = room(state).messages;
    expect(first?.id).toBe(1);
    expect(kick).toMatchObject({
      id: -1,
      messageType: 'system',
      roomId: 'general',
      moderation: { action: 'kick', actorName: 'سامي', targetName: 'علي', durationMinutes: 15 },
    });
    expect(kick?.moderation).not.toHaveProperty('type');
    expect(mute).toMatchObject({ id: -2, moderation: { action: 'mute', targetName: 'ليلى' } });
  });

  it('keeps the end of a mute from `authenticated` and `restrictionsChanged`, and forgets it when lifted', () => {
    const until = '2026-01-01T13:00:00.000Z';
    let state = run({ type: 'restrictions', mutedUntil: until });
    expect(state.mutedUntil).toBe(Date.parse(until));
    expect(isMuted(state, Date.parse(until) - 1)).toBe(true);
    expect(isMuted(state, Date.parse(until))).toBe(false);
    expect(chatReducer(state, { type: 'restrictions', mutedUntil: until })).toBe(state);
    state = chatReducer(state, server({ type: 'restrictionsChanged', mutedUntil: null }));
    expect(state.mutedUntil).toBeNull();
    expect(run({ type: 'restrictions', mutedUntil: 'garbage' }).mutedUntil).toBeNull();
  });

  it('learns of a mute from a refused send, marking the message not sent', () => {
    const entry = aQueuedMessage('c1');
    const state = run(
      { type: 'joined', roomId: 'general' },
      { type: 'sent', entry, sender: aPublicUser(ME) },
      { type: 'sendFailed', roomId: 'general', clientMessageId: 'c1', code: 'MUTED', timeLeft: 600, at: AT },
    );
    expect(state.mutedUntil).toBe(AT + 600_000);
    expect(room(state).messages[0]).toMatchObject({ failed: true, pending: false });
    const other = run(
      { type: 'sent', entry, sender: aPublicUser(ME) },
      {
        type: 'sendFailed',
        roomId: 'general',
        clientMessageId: 'c1',
        code: 'MESSAGE_RATE_LIMITED',
        timeLeft: 5,
        at: AT,
      },
    );
    expect(other.mutedUntil).toBeNull();
  });

  it('leaves staff reports and site notices to their features (queue and toasts)', () => {
    for (const type of ['systemNotification', 'reportCreated', 'reportHandled'] as const)
      expect(TIMELINE_ENVELOPES).not.toContain<EnvelopeType>(type);
  });
});

describe('notices agree with the gender of who came or went', () => {
  it('carries the gender from the arrival, and from the online list for a departure', () => {
    const state = run(
      server({ type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(2, { gender: 'أنثى' })] }),
      server({ type: 'userConnected', roomId: 'general', user: anOnlineUser(3, { gender: 'أنثى' }) }),
      server({ type: 'userConnected', roomId: 'general', user: anOnlineUser(4, { gender: 'ذكر' }) }, AT + 1),
      server({ type: 'userDisconnected', roomId: 'general', userId: 2, username: 'user2' }, AT + 2),
      server({ type: 'usersDisconnected', roomId: 'general', users: [{ id: 9, username: 'user9' }] }, AT + 3),
    );
    expect(room(state).messages.map((m) => [m.notice, m.content, m.noticeGender])).toEqual([
      ['join', 'user3', 'أنثى'],
      ['join', 'user4', 'ذكر'],
      ['leave', 'user2', 'أنثى'],
      ['leave', 'user9', null],
    ]);
  });
});

describe('older history', () => {
  const page = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => aMessage(from + i, { content: `m${from + i}` }));

  it('prepends a page before what is shown, once per id, and knows when it reached the start', () => {
    let state = run({ type: 'historyLoaded', roomId: 'general', messages: page(41, 52) });
    expect(room(state).reachedStart).toBe(false);
    state = chatReducer(state, { type: 'olderLoaded', roomId: 'general', messages: page(21, 40), hasMore: true });
    expect(room(state).messages.map((m) => m.id)).toEqual(page(21, 52).map((m) => m.id));
    expect(room(state).reachedStart).toBe(false);
    // A page overlapping what is shown (a message arrived twice) adds only the new ones.
    state = chatReducer(state, { type: 'olderLoaded', roomId: 'general', messages: page(1, 25), hasMore: false });
    expect(room(state).messages.map((m) => m.id)).toEqual(page(1, 52).map((m) => m.id));
    expect(room(state).reachedStart).toBe(true);
    const same = chatReducer(state, {
      type: 'olderLoaded',
      roomId: 'general',
      messages: page(1, 3),
      hasMore: false,
    });
    expect(same).toBe(state);
  });

  it('keeps what the reader scrolled back to when new messages arrive past the usual cap', () => {
    let state = run({ type: 'historyLoaded', roomId: 'general', messages: page(1001, 1000 + MESSAGES.clientRoomCap) });
    state = chatReducer(state, {
      type: 'olderLoaded',
      roomId: 'general',
      messages: page(981, 1000),
      hasMore: true,
    });
    state = chatReducer(state, server({ type: 'newMessage', message: aMessage(5000) }));
    const ids = room(state).messages.map((m) => m.id);
    expect(ids[0]).toBe(981);
    expect(ids.at(-1)).toBe(5000);
    expect(ids).toHaveLength(MESSAGES.clientRoomCap + 21);
    // Back at the latest: the usual cap, newest kept, and older pages can be loaded again.
    state = chatReducer(state, { type: 'olderTrimmed', roomId: 'general' });
    expect(room(state).messages).toHaveLength(MESSAGES.clientRoomCap);
    expect(room(state).messages.at(-1)!.id).toBe(5000);
    expect(room(state).olderCount).toBe(0);
    expect(chatReducer(state, { type: 'olderTrimmed', roomId: 'general' })).toBe(state);
  });

  it('marks the start when the first page on entry came back short', () => {
    const state = run({ type: 'historyLoaded', roomId: 'general', messages: page(1, 3), complete: true });
    expect(room(state).reachedStart).toBe(true);
  });
});

describe('a deleted account', () => {
  it('takes its messages, its place in online lists and its typing off every room on the page', () => {
    const state = run(
      server({ type: 'newMessage', message: aMessage(1, { senderId: 2, content: 'سأغادر' }) }),
      server({ type: 'newMessage', message: aMessage(2, { senderId: 3, sender: aPublicUser(3), content: 'ابقَ' }) }),
      server({ type: 'newMessage', message: aMessage(3, { roomId: 'egypt', senderId: 2, content: 'وداعاً' }) }),
      server({ type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(2), anOnlineUser(3)] }),
      server({ type: 'typing', roomId: 'egypt', userId: 2, username: 'user2', isTyping: true }),
    );
    const after = chatReducer(state, server({ type: 'userDeleted', userId: 2 }));
    expect(contents(after)).toEqual(['ابقَ']);
    expect(contents(after, 'egypt')).toEqual([]);
    expect(onlineIn(after, 'general').map((u) => u.id)).toEqual([3]);
    expect(room(after, 'egypt').typing).toEqual([]);
    // Someone this page never saw changes nothing.
    expect(chatReducer(after, server({ type: 'userDeleted', userId: 99 }))).toBe(after);
  });
});

describe('edited messages (issue 22)', () => {
  it('take the new text and when it changed; other messages and rooms stay as they were', () => {
    const editedAt = '2026-01-01T12:40:00.000Z';
    const state = run(
      server({ type: 'newMessage', message: aMessage(1, { content: 'قبل' }) }),
      server({ type: 'newMessage', message: aMessage(2, { content: 'غيرها' }) }),
      server({ type: 'messageEdited', roomId: 'general', messageId: 1, content: 'بعد', editedAt }),
      server({ type: 'messageEdited', roomId: 'egypt', messageId: 2, content: 'ليست هنا', editedAt }),
    );
    expect(contents(state)).toEqual(['بعد', 'غيرها']);
    expect(room(state).messages[0]!.editedAt).toBe(editedAt);
    expect(room(state).messages[1]!.editedAt ?? null).toBeNull();
  });
});
