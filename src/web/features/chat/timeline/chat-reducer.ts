import { MESSAGES, TYPING_INDICATOR_MS } from '../../../../shared/constants';
import { draftMessage, mergeMessages, type ListedMessage, type Message } from '../../../../shared/entities/message';
import {
  onlineUserSchema,
  publicUserSchema,
  toOnlineUser,
  type OnlineUser,
  type PublicUser,
} from '../../../../shared/entities/user';
import type { Envelope, EnvelopeType } from '../../../../shared/realtime/protocol';
import { lookPatch } from '../../profile/look-envelopes';
import type { QueuedMessage } from '../../../realtime/outbox';
import {
  roomTimeline,
  timelineOf,
  type ChatState,
  type Timeline,
  type TimelineEntry,
  type TimelineKey,
} from './chat-state';

/**
 * The `message` envelope types the room timeline follows: the chat client subscribes to each of
 * them (other features follow their own types: rooms, reports, notifications, friends, themes…).
 */
export const TIMELINE_ENVELOPES = [
  'newMessage',
  'typing',
  'onlineUsers',
  'userConnected',
  'usersConnected',
  'userDisconnected',
  'usersDisconnected',
  'presenceChanged',
  'userUpdated',
  'selfAvatarUpdated',
  'usernameColorChanged',
  'usernameGradientChanged',
  'usernameEffectChanged',
  'profileEffectChanged',
  'user_background_updated',
  'userAvatarUpdated',
  'messageDeleted',
  'messageEdited',
  'userDeleted',
  'moderationAction',
  'restrictionsChanged',
  'reactionUpdated',
] as const satisfies readonly EnvelopeType[];

export type TimelineEnvelopeType = (typeof TIMELINE_ENVELOPES)[number];
export type TimelineEnvelope = Envelope<TimelineEnvelopeType>;

/** Everything that changes the room timeline: server envelopes and what this page did. */
export type ChatAction =
  | { type: 'joined'; roomId: string }
  /** The page shows (and asked to join) this room. */
  | { type: 'showing'; roomId: string }
  /** The current room is being joined again (after a reconnect): not usable until confirmed. */
  | { type: 'rejoining' }
  /** A `message` envelope; `at` is when it arrived, `myId` who we are (for notices and typing). */
  | { type: 'server'; envelope: TimelineEnvelope; at: number; myId: number | null }
  /** The optimistic copy of a message just written, shown at once as "sending". */
  | { type: 'sent'; entry: QueuedMessage; sender: PublicUser }
  /** The server stored it: the stored copy replaces the optimistic one. */
  | { type: 'acked'; message: Message }
  /**
   * Refused for good; `code`, `reason` (the server's Arabic text) and `timeLeft` (seconds) when
   * the server refused it, `at` when.
   */
  | {
      type: 'sendFailed';
      roomId: string;
      clientMessageId: string;
      code?: string;
      reason?: string;
      timeLeft?: number;
      at?: number;
    }
  /** What the server says the signed-in user may not do (`authenticated`), `mutedUntil` as ISO text. */
  | { type: 'restrictions'; mutedUntil: string | null }
  | { type: 'retried'; roomId: string; clientMessageId: string }
  /** The writer deleted a message that failed for good: it leaves their screen. */
  | { type: 'discarded'; roomId: string; clientMessageId: string }
  /** `complete`: the latest page came back short, so it holds the room's whole history. */
  | { type: 'historyLoaded'; roomId: string; messages: Message[]; complete?: boolean }
  /** A page of older messages (scrolling up); `hasMore` false when it reached the first one. */
  | { type: 'olderLoaded'; roomId: string; messages: Message[]; hasMore: boolean }
  /** The reader is back at the latest: older pages beyond the usual cap may go. */
  | { type: 'olderTrimmed'; roomId: string }
  | { type: 'historyFailed'; roomId: string }
  /** The room as kept from an earlier visit, shown before the server answers (not "loaded"). */
  | { type: 'cached'; roomId: string; messages: Message[] }
  /** A further page of a big room's online list. */
  | { type: 'onlinePageLoaded'; roomId: string; users: OnlineUser[]; total: number; hasMore: boolean }
  | { type: 'typingExpired'; now: number }
  | { type: 'visibility'; hidden: boolean };

/**
 * The live state's one reducer: pure, so every rule of spec §4 "Messages" can be tested without a
 * socket. Returns the same object when nothing changed (the store then notifies no one).
 */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'joined':
      return state.joinedRoomId === action.roomId ? state : { ...state, joinedRoomId: action.roomId };
    case 'showing':
      return state.showingRoomId === action.roomId ? state : { ...state, showingRoomId: action.roomId };
    case 'rejoining':
      return state.joinedRoomId === null ? state : { ...state, joinedRoomId: null };
    case 'server':
      return applyEnvelope(state, action.envelope, action.at, action.myId);
    case 'sent':
      return sent(state, action.entry, action.sender);
    case 'acked':
      return action.message.roomId ? addMessages(state, action.message.roomId, [action.message]) : state;
    case 'sendFailed': {
      const next = markOwn(state, action.roomId, action.clientMessageId, (m) =>
        m.pending ? { ...m, pending: false, failed: true, failReason: action.reason } : m,
      );
      // Refused because muted: the composer says until when, without waiting for the server's notice.
      if (action.code !== 'MUTED' || !action.timeLeft || action.timeLeft <= 0) return next;
      return { ...next, mutedUntil: (action.at ?? Date.now()) + action.timeLeft * 1000 };
    }
    case 'restrictions':
      return restrictions(state, action.mutedUntil);
    case 'retried':
      return markOwn(state, action.roomId, action.clientMessageId, (m) =>
        m.failed ? { ...m, pending: true, failed: false, failReason: undefined } : m,
      );
    case 'discarded':
      return updateTimeline(state, roomTimeline(action.roomId), (t) => {
        const messages = t.messages.filter((m) => !(m.failed && m.clientMessageId === action.clientMessageId));
        return messages.length === t.messages.length ? t : { ...t, messages };
      });
    case 'historyLoaded':
      return updateTimeline(state, roomTimeline(action.roomId), (t) => {
        const messages = mergeMessages(t.messages, action.messages, capOf(t));
        const reachedStart = t.reachedStart || (!t.loaded && action.complete === true);
        return messages === t.messages && t.loaded && reachedStart === t.reachedStart
          ? t
          : { ...t, messages, loaded: true, reachedStart };
      });
    case 'olderLoaded':
      return updateTimeline(state, roomTimeline(action.roomId), (t) => olderLoaded(t, action.messages, action.hasMore));
    case 'olderTrimmed':
      return updateTimeline(state, roomTimeline(action.roomId), trimOlder);
    case 'cached':
      return updateTimeline(state, roomTimeline(action.roomId), (t) => {
        const messages = mergeMessages(t.messages, action.messages, capOf(t));
        return messages === t.messages ? t : { ...t, messages };
      });
    case 'historyFailed':
      return updateTimeline(state, roomTimeline(action.roomId), (t) => (t.loaded ? t : { ...t, loaded: true }));
    case 'onlinePageLoaded': {
      const current = state.online[action.roomId] ?? [];
      const known = new Set(current.map((u) => u.id));
      const added = validUsers(action.users).filter((u) => !known.has(u.id));
      return {
        ...state,
        online: { ...state.online, [action.roomId]: [...current, ...added] },
        onlinePaging: { ...state.onlinePaging, [action.roomId]: { total: action.total, hasMore: action.hasMore } },
      };
    }
    case 'typingExpired':
      return expireTyping(state, action.now);
    case 'visibility':
      return visibility(state, action.hidden);
  }
}

function applyEnvelope(state: ChatState, envelope: TimelineEnvelope, at: number, myId: number | null): ChatState {
  switch (envelope.type) {
    case 'newMessage': {
      const { message } = envelope;
      if (!message.roomId) return state; // private messages get their own timelines later
      if (state.hidden) return { ...state, hiddenBuffer: [...state.hiddenBuffer, message] };
      return addMessages(state, message.roomId, [message]);
    }
    case 'typing': {
      const { roomId, userId, username, isTyping } = envelope;
      if (userId === myId) return state; // our own other tab
      return updateTimeline(state, roomTimeline(roomId), (t) => {
        if (!isTyping && !t.typing.some((e) => e.userId === userId)) return t;
        const others = t.typing.filter((e) => e.userId !== userId);
        return { ...t, typing: isTyping ? [...others, { userId, username, until: at + TYPING_INDICATOR_MS }] : others };
      });
    }
    case 'onlineUsers': {
      // A big room sends its first page and the total; a small one, everyone.
      const { [envelope.roomId]: _previous, ...otherPaging } = state.onlinePaging;
      const onlinePaging =
        envelope.total === undefined
          ? otherPaging
          : { ...otherPaging, [envelope.roomId]: { total: envelope.total, hasMore: envelope.hasMore ?? false } };
      return { ...state, online: { ...state.online, [envelope.roomId]: validUsers(envelope.users) }, onlinePaging };
    }
    case 'presenceChanged':
      return presenceChanged(state, envelope);
    case 'userConnected':
      return arrived(state, envelope.roomId, validUsers([envelope.user]), at, myId);
    case 'usersConnected':
      return arrived(state, envelope.roomId, validUsers(envelope.users), at, myId);
    case 'userDisconnected':
      return departed(state, envelope.roomId, [{ id: envelope.userId, username: envelope.username }], at, myId);
    case 'usersDisconnected':
      return departed(state, envelope.roomId, envelope.users, at, myId);
    case 'userUpdated':
      return userUpdated(state, envelope.user);
    case 'selfAvatarUpdated':
      return userUpdated(state, envelope.user);
    case 'usernameColorChanged':
    case 'usernameGradientChanged':
    case 'usernameEffectChanged':
    case 'profileEffectChanged':
    case 'user_background_updated':
    case 'userAvatarUpdated':
      return userPatched(state, envelope.userId, lookPatch(envelope));
    case 'messageDeleted':
      if (envelope.withdrawn) return withdrawn(state, envelope, myId);
      return updateTimeline(state, roomTimeline(envelope.roomId), (t) => {
        const messages = t.messages.filter((m) => m.id !== envelope.messageId);
        return messages.length === t.messages.length ? t : { ...t, messages };
      });
    case 'messageEdited':
      return updateTimeline(state, roomTimeline(envelope.roomId), (t) => {
        if (!t.messages.some((m) => m.id === envelope.messageId)) return t;
        const messages = t.messages.map((m) =>
          m.id === envelope.messageId ? { ...m, content: envelope.content, editedAt: envelope.editedAt } : m,
        );
        return { ...t, messages };
      });
    case 'userDeleted':
      return userDeleted(state, envelope.userId);
    case 'moderationAction':
      return moderationNotice(state, envelope, at);
    case 'restrictionsChanged':
      return restrictions(state, envelope.mutedUntil);
    case 'reactionUpdated':
      return updateTimeline(state, roomTimeline(envelope.roomId), (t) => {
        if (!t.messages.some((m) => m.id === envelope.messageId)) return t;
        const messages = t.messages.map((m) =>
          m.id === envelope.messageId
            ? {
                ...m,
                reactions: envelope.reactions,
                lastReaction: envelope.lastReaction,
                myReaction: envelope.reactorId === myId ? envelope.reaction : m.myReaction,
              }
            : m,
        );
        return { ...t, messages };
      });
    default:
      return unknownEnvelope(envelope, state);
  }
}

/** A deleted account's messages, online entries and typing leave every room on this page. */
function userDeleted(state: ChatState, userId: number): ChatState {
  let changed = false;
  const timelines = Object.fromEntries(
    Object.entries(state.timelines).map(([key, t]) => {
      const messages = t.messages.filter((m) => m.senderId !== userId);
      const typing = t.typing.filter((e) => e.userId !== userId);
      if (messages.length === t.messages.length && typing.length === t.typing.length) return [key, t];
      changed = true;
      return [key, { ...t, messages, typing }];
    }),
  ) as ChatState['timelines'];
  const online = Object.fromEntries(
    Object.entries(state.online).map(([roomId, users]) => {
      const kept = users.filter((u) => u.id !== userId);
      if (kept.length !== users.length) changed = true;
      return [roomId, kept.length === users.length ? users : kept];
    }),
  );
  return changed ? { ...state, timelines, online } : state;
}

/** A sanction announced in the room: a local notice row (not stored, like join and leave notices). */
function moderationNotice(state: ChatState, envelope: Envelope<'moderationAction'>, at: number): ChatState {
  const { type: _type, roomId, ...moderation } = envelope;
  const localSeq = state.localSeq + 1;
  const entry: TimelineEntry = {
    ...draftMessage({
      id: -localSeq,
      roomId,
      content: `${moderation.action}:${moderation.targetName}`,
      messageType: 'system',
      timestamp: new Date(at).toISOString(),
    }),
    moderation,
  };
  return updateTimeline({ ...state, localSeq }, roomTimeline(roomId), (t) => {
    const messages = mergeMessages(t.messages, [entry], capOf(t));
    return messages === t.messages ? t : { ...t, messages };
  });
}

/** The mute's end as a time on this browser's clock; unreadable or absent means not muted. */
function restrictions(state: ChatState, mutedUntil: string | null): ChatState {
  const parsed = mutedUntil === null ? Number.NaN : Date.parse(mutedUntil);
  const next = Number.isFinite(parsed) ? parsed : null;
  return next === state.mutedUntil ? state : { ...state, mutedUntil: next };
}

/** A newer server may send envelope types this page does not know: they are ignored. */
function unknownEnvelope(_envelope: never, state: ChatState): ChatState {
  return state;
}

function updateTimeline(state: ChatState, key: TimelineKey, change: (t: Timeline) => Timeline): ChatState {
  const current = timelineOf(state, key);
  const next = change(current);
  return next === current ? state : { ...state, timelines: { ...state.timelines, [key]: next } };
}

/** Entries without id, username or userType are discarded (spec §5). */
function validUsers(users: readonly unknown[]): OnlineUser[] {
  return users.flatMap((u) => {
    const parsed = onlineUserSchema.safeParse(u);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The most messages a timeline keeps. While the reader has older pages loaded nothing is dropped
 * (dropping the top would move what they are reading); back at the latest, `trimOlder` caps it.
 */
function capOf(t: Timeline): number {
  return t.olderCount > 0 ? Number.POSITIVE_INFINITY : MESSAGES.clientRoomCap;
}

/** Back at the latest: the usual cap again, so a long read does not keep thousands of rows. */
function trimOlder(t: Timeline): Timeline {
  if (t.olderCount === 0) return t;
  const over = t.messages.length - MESSAGES.clientRoomCap;
  if (over <= 0) return { ...t, olderCount: 0 };
  return { ...t, messages: t.messages.slice(over), olderCount: 0, reachedStart: false };
}

/** Older messages go before everything shown; ones already there (by id) are not added twice. */
function olderLoaded(t: Timeline, older: readonly Message[], hasMore: boolean): Timeline {
  const known = new Set(t.messages.map((m) => m.id));
  const fresh = older.filter((m) => !known.has(m.id)).sort((a, b) => a.id - b.id);
  const reachedStart = t.reachedStart || !hasMore;
  if (fresh.length === 0) return reachedStart === t.reachedStart ? t : { ...t, reachedStart };
  return { ...t, messages: [...fresh, ...t.messages], olderCount: t.olderCount + fresh.length, reachedStart };
}

/** Messages into a room's timeline; whoever just posted is no longer typing. */
function addMessages(state: ChatState, roomId: string, messages: readonly ListedMessage[]): ChatState {
  const senders = new Set(messages.map((m) => m.senderId));
  return updateTimeline(state, roomTimeline(roomId), (t) => {
    const merged = mergeMessages(t.messages, messages, capOf(t));
    const typing = t.typing.some((e) => senders.has(e.userId))
      ? t.typing.filter((e) => !senders.has(e.userId))
      : t.typing;
    return merged === t.messages && typing === t.typing ? t : { ...t, messages: merged, typing };
  });
}

/** Join and leave notices are made here rather than stored (see docs/architecture.md). */
function notices(
  state: ChatState,
  kind: 'join' | 'leave',
  roomId: string,
  users: readonly { id: number; username: string; gender?: string | null }[],
  at: number,
): { notes: TimelineEntry[]; localSeq: number } {
  let localSeq = state.localSeq;
  const timestamp = new Date(at).toISOString();
  const notes = users.map((u): TimelineEntry => ({
    ...draftMessage({
      id: -++localSeq,
      roomId,
      senderId: u.id,
      content: u.username,
      messageType: 'system',
      notice: kind,
      timestamp,
    }),
    noticeGender: u.gender ?? null,
  }));
  return { notes, localSeq };
}

function arrived(state: ChatState, roomId: string, users: OnlineUser[], at: number, myId: number | null) {
  if (users.length === 0) return state;
  const ids = new Set(users.map((u) => u.id));
  const current = state.online[roomId] ?? [];
  const online = { ...state.online, [roomId]: [...current.filter((u) => !ids.has(u.id)), ...users] };
  // No notice for ourselves (another of our tabs entering).
  const { notes, localSeq } = notices(
    state,
    'join',
    roomId,
    users.filter((u) => u.id !== myId),
    at,
  );
  const next = { ...state, online, localSeq };
  return updateTimeline(next, roomTimeline(roomId), (t) => {
    const messages = mergeMessages(t.messages, notes, capOf(t));
    return messages === t.messages ? t : { ...t, messages };
  });
}

/**
 * A big room's summary of who came and went: the list loses who left and gains the arrivals it
 * names, the count follows the server's total. No notices: a big room would be nothing else.
 */
function presenceChanged(state: ChatState, envelope: Envelope<'presenceChanged'>): ChatState {
  const { roomId } = envelope;
  const gone = new Set(envelope.left.map((u) => u.id));
  const joined = validUsers(envelope.joined);
  const arriving = new Set(joined.map((u) => u.id));
  const current = (state.online[roomId] ?? []).filter((u) => !gone.has(u.id) && !arriving.has(u.id));
  const previous = state.onlinePaging[roomId];
  const listed = current.length + joined.length;
  return {
    ...state,
    online: { ...state.online, [roomId]: [...current, ...joined] },
    onlinePaging: {
      ...state.onlinePaging,
      [roomId]: { total: envelope.total, hasMore: (previous?.hasMore ?? false) || listed < envelope.total },
    },
  };
}

function departed(
  state: ChatState,
  roomId: string,
  gone: readonly { id: number; username: string }[],
  at: number,
  myId: number | null,
) {
  if (gone.length === 0) return state;
  const ids = new Set(gone.map((u) => u.id));
  const current = state.online[roomId];
  const online = current ? { ...state.online, [roomId]: current.filter((u) => !ids.has(u.id)) } : state.online;
  // The leave envelope names no gender: it is read from the list they were in.
  const genders = new Map((current ?? []).map((u) => [u.id, u.gender]));
  const { notes, localSeq } = notices(
    state,
    'leave',
    roomId,
    gone.filter((u) => u.id !== myId).map((u) => ({ ...u, gender: genders.get(u.id) ?? null })),
    at,
  );
  const next = { ...state, online, localSeq };
  return updateTimeline(next, roomTimeline(roomId), (t) => {
    const messages = mergeMessages(t.messages, notes, capOf(t));
    const typing = t.typing.some((e) => ids.has(e.userId)) ? t.typing.filter((e) => !ids.has(e.userId)) : t.typing;
    return messages === t.messages && typing === t.typing ? t : { ...t, messages, typing };
  });
}

/** One look change (name colour, effect, avatar…): the user's online entries and message senders. */
function userPatched(state: ChatState, userId: number, patch: Partial<PublicUser>): ChatState {
  let online = state.online;
  for (const [roomId, users] of Object.entries(state.online)) {
    if (!users.some((u) => u.id === userId)) continue;
    const shown = Object.fromEntries(
      Object.entries(patch).filter(([field]) => field in onlineUserSchema.shape),
    ) as Partial<OnlineUser>;
    online = { ...online, [roomId]: users.map((u) => (u.id === userId ? { ...u, ...shown } : u)) };
  }
  let timelines = state.timelines;
  for (const [key, t] of Object.entries(state.timelines) as [TimelineKey, Timeline][]) {
    if (!t.messages.some((m) => m.senderId === userId && m.sender)) continue;
    const messages = t.messages.map((m) =>
      m.senderId === userId && m.sender ? { ...m, sender: { ...m.sender, ...patch } } : m,
    );
    timelines = { ...timelines, [key]: { ...t, messages } };
  }
  return online === state.online && timelines === state.timelines ? state : { ...state, online, timelines };
}

/** A user's profile changed: their online entries, typing name and message senders everywhere. */
function userUpdated(state: ChatState, incoming: unknown): ChatState {
  const parsed = publicUserSchema.safeParse(incoming); // drops a self record's private fields
  if (!parsed.success) return state;
  const user = parsed.data;
  const entry = toOnlineUser(user);

  let online = state.online;
  for (const [roomId, users] of Object.entries(state.online)) {
    if (!users.some((u) => u.id === user.id)) continue;
    online = { ...online, [roomId]: users.map((u) => (u.id === user.id ? entry : u)) };
  }

  let timelines = state.timelines;
  for (const [key, t] of Object.entries(state.timelines) as [TimelineKey, Timeline][]) {
    const touches = t.messages.some((m) => m.senderId === user.id && m.sender);
    const typing = t.typing.some((e) => e.userId === user.id && e.username !== user.username);
    if (!touches && !typing) continue;
    timelines = {
      ...timelines,
      [key]: {
        ...t,
        messages: touches
          ? t.messages.map((m) => (m.senderId === user.id && m.sender ? { ...m, sender: user } : m))
          : t.messages,
        typing: typing ? t.typing.map((e) => (e.userId === user.id ? { ...e, username: user.username } : e)) : t.typing,
      },
    };
  }
  return online === state.online && timelines === state.timelines ? state : { ...state, online, timelines };
}

function sent(state: ChatState, entry: QueuedMessage, sender: PublicUser): ChatState {
  const localSeq = state.localSeq + 1;
  const copy = draftMessage({
    id: -localSeq,
    roomId: entry.roomId,
    content: entry.content,
    messageType: entry.messageType,
    senderId: entry.senderId,
    sender,
    textColor: entry.textColor,
    bold: entry.bold,
    clientMessageId: entry.id,
    timestamp: new Date(entry.createdAt).toISOString(),
    pending: true,
  });
  return addMessages({ ...state, localSeq }, entry.roomId, [copy]);
}

/**
 * A message heard as posted but not stored. Someone else's leaves the screen; our own becomes an
 * unsent copy again, last in the list (the outbox still holds it and sends it again).
 */
function withdrawn(state: ChatState, envelope: Envelope<'messageDeleted'>, myId: number | null): ChatState {
  const localSeq = state.localSeq + 1;
  let mine = false;
  const next = updateTimeline(state, roomTimeline(envelope.roomId), (t) => {
    const message = t.messages.find((m) => m.id === envelope.messageId);
    if (!message) return t;
    const others = t.messages.filter((m) => m !== message);
    const storedTry = others.some((m) => m.id > 0 && m.clientMessageId === message.clientMessageId);
    if (message.senderId !== myId || !message.clientMessageId || storedTry) return { ...t, messages: others };
    mine = true;
    return { ...t, messages: [...others, { ...message, id: -localSeq, pending: true }] };
  });
  return mine ? { ...next, localSeq } : next;
}

/** Changes our own unsent copy of one message. */
function markOwn(
  state: ChatState,
  roomId: string,
  clientMessageId: string,
  change: (m: ListedMessage) => ListedMessage,
): ChatState {
  return updateTimeline(state, roomTimeline(roomId), (t) => {
    let changed = false;
    const messages = t.messages.map((m) => {
      if (m.id > 0 || m.clientMessageId !== clientMessageId) return m;
      const next = change(m);
      changed ||= next !== m;
      return next;
    });
    return changed ? { ...t, messages } : t;
  });
}

function expireTyping(state: ChatState, now: number): ChatState {
  let timelines = state.timelines;
  for (const [key, t] of Object.entries(state.timelines) as [TimelineKey, Timeline][]) {
    if (!t.typing.some((e) => e.until <= now)) continue;
    timelines = { ...timelines, [key]: { ...t, typing: t.typing.filter((e) => e.until > now) } };
  }
  return timelines === state.timelines ? state : { ...state, timelines };
}

/** Hidden: room messages wait. Visible again: they are applied, room by room, in arrival order. */
function visibility(state: ChatState, hidden: boolean): ChatState {
  if (hidden) return state.hidden ? state : { ...state, hidden: true };
  if (!state.hidden && state.hiddenBuffer.length === 0) return state;
  let next: ChatState = { ...state, hidden: false, hiddenBuffer: [] };
  const byRoom = new Map<string, ListedMessage[]>();
  for (const message of state.hiddenBuffer) {
    if (message.roomId) byRoom.set(message.roomId, [...(byRoom.get(message.roomId) ?? []), message]);
  }
  for (const [roomId, messages] of byRoom) next = addMessages(next, roomId, messages);
  return next;
}
