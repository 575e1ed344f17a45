import type { ConversationSummary } from '../../../shared/api/private-messages';
import { draftMessage, type ListedMessage, type Message } from '../../../shared/entities/message';
import type { PublicUser } from '../../../shared/entities/user';

/** Spec §4: private messages are the same when their ids match, or same content and sender within 1 s. */
const SAME_MESSAGE_WINDOW_MS = 1000;
/** Spec §9: the typing indicator goes away after 3 s unless renewed. */
export const PRIVATE_TYPING_MS = 3000;

/** Someone a conversation is with, as far as this page knows them. */
export interface Peer {
  id: number;
  username: string;
}

export interface ConversationEntry {
  otherUserId: number;
  /** Their public profile, once the server has told it (a conversation just opened may not have it yet). */
  otherUser: PublicUser | null;
  username: string;
  lastMessage: ListedMessage | null;
  unreadCount: number;
}

export interface Thread {
  messages: ListedMessage[];
  /** The latest page has been read from the server. */
  loaded: boolean;
  /** Older messages remain on the server (scrolling up loads them). */
  hasMore: boolean;
  /** The other person has read up to this message id (0: nothing yet). */
  otherReadUpTo: number;
}

export interface PmState {
  conversations: Record<number, ConversationEntry>;
  threads: Record<number, Thread>;
  /** Until when (ms) each person is shown typing to us. */
  typing: Record<number, number>;
  /** The conversation shown in the private message box. */
  openWith: Peer | null;
  panelOpen: boolean;
  /** The conversations list has been read once. */
  listLoaded: boolean;
  /** Counter behind the negative ids of unsent copies. */
  localSeq: number;
}

export const EMPTY_THREAD: Thread = { messages: [], loaded: false, hasMore: false, otherReadUpTo: 0 };

export const initialPmState: PmState = {
  conversations: {},
  threads: {},
  typing: {},
  openWith: null,
  panelOpen: false,
  listLoaded: false,
  localSeq: 0,
};

function without<T>(byUser: Record<number, T>, userId: number): Record<number, T> {
  return Object.fromEntries(Object.entries(byUser).filter(([id]) => Number(id) !== userId));
}

const time = (m: ListedMessage) => Date.parse(m.timestamp) || 0;

/** The other person of a private message, seen from `myId`. */
export function otherOf(message: Pick<Message, 'senderId' | 'receiverId'>, myId: number): number {
  return message.senderId === myId ? (message.receiverId ?? 0) : message.senderId;
}

function isSame(a: ListedMessage, b: ListedMessage): boolean {
  if (a.id > 0 && a.id === b.id) return true;
  return (
    a.id > 0 &&
    b.id > 0 &&
    a.senderId === b.senderId &&
    a.content === b.content &&
    Math.abs(time(a) - time(b)) < SAME_MESSAGE_WINDOW_MS
  );
}

/**
 * Adds messages to a conversation: a stored message replaces the sender's unsent copy (same
 * clientMessageId); duplicates are dropped (spec §4); stored messages stay in time order, unsent
 * ones last.
 */
export function mergeThread(list: readonly ListedMessage[], incoming: readonly ListedMessage[]): ListedMessage[] {
  let next = [...list];
  let changed = false;
  for (const message of incoming) {
    if (message.id > 0 && message.clientMessageId) {
      const copy = next.findIndex((m) => m.id < 0 && m.clientMessageId === message.clientMessageId);
      if (copy >= 0) {
        next.splice(copy, 1);
        changed = true;
      }
    }
    if (next.some((m) => isSame(m, message))) continue;
    next.push(message);
    changed = true;
  }
  if (!changed) return list as ListedMessage[];
  const stored = next.filter((m) => m.id > 0).sort((a, b) => time(a) - time(b) || a.id - b.id);
  next = [...stored, ...next.filter((m) => m.id <= 0)];
  return next;
}

function thread(state: PmState, otherId: number): Thread {
  return state.threads[otherId] ?? EMPTY_THREAD;
}

function withThread(state: PmState, otherId: number, change: (t: Thread) => Thread): PmState {
  const before = thread(state, otherId);
  const after = change(before);
  return after === before ? state : { ...state, threads: { ...state.threads, [otherId]: after } };
}

function withConversation(
  state: PmState,
  otherId: number,
  change: (c: ConversationEntry) => ConversationEntry,
  fallbackName = '',
): PmState {
  const before = state.conversations[otherId] ?? {
    otherUserId: otherId,
    otherUser: null,
    username: fallbackName,
    lastMessage: null,
    unreadCount: 0,
  };
  return { ...state, conversations: { ...state.conversations, [otherId]: change(before) } };
}

/** The newer of two messages (the list shows the last message of each conversation). */
function newer(a: ListedMessage | null, b: ListedMessage): ListedMessage {
  if (!a) return b;
  if (a.id > 0 && b.id > 0) return b.id >= a.id ? b : a;
  return time(b) >= time(a) ? b : a;
}

export type PmAction =
  | { type: 'conversationsLoaded'; conversations: ConversationSummary[] }
  | {
      type: 'pageLoaded';
      otherId: number;
      messages: Message[];
      hasMore: boolean;
      otherReadUpTo: number;
      /** An older page (scrolling up) rather than the latest. */
      older: boolean;
    }
  /** A private message from the server: to or from us, from any of our tabs. */
  | { type: 'incoming'; message: Message; myId: number; viewing: boolean }
  | { type: 'sent'; message: ListedMessage; otherId: number; username: string }
  | { type: 'sendFailed'; otherId: number; clientMessageId: string; reason: string }
  | { type: 'retried'; otherId: number; clientMessageId: string }
  | { type: 'discarded'; otherId: number; clientMessageId: string }
  /** Its sender edited a message of the conversation with `otherId`. */
  | { type: 'edited'; otherId: number; messageId: number; content: string; editedAt: string }
  /** Its sender deleted a message of the conversation with `otherId`. */
  | { type: 'removed'; otherId: number; messageId: number }
  /** We read the conversation (here or in another tab). */
  | { type: 'read'; otherId: number }
  /** The other person read it up to a message. */
  | { type: 'otherRead'; otherId: number; lastReadMessageId: number }
  | { type: 'typing'; userId: number; isTyping: boolean; now: number }
  | { type: 'typingExpired'; now: number }
  | { type: 'open'; peer: Peer | null }
  /** Their account was deleted with its messages: the conversation goes (and its box closes). */
  | { type: 'peerDeleted'; otherId: number }
  | { type: 'panel'; open: boolean }
  | { type: 'reset' };

export function pmReducer(state: PmState, action: PmAction): PmState {
  switch (action.type) {
    case 'conversationsLoaded': {
      const conversations: Record<number, ConversationEntry> = { ...state.conversations };
      for (const c of action.conversations) {
        const known = conversations[c.otherUserId];
        conversations[c.otherUserId] = {
          otherUserId: c.otherUserId,
          otherUser: c.otherUser,
          username: c.otherUser.username,
          lastMessage: newer(known?.lastMessage ?? null, c.lastMessage),
          unreadCount: c.unreadCount,
        };
      }
      return { ...state, conversations, listLoaded: true };
    }
    case 'pageLoaded':
      return withThread(state, action.otherId, (t) => ({
        messages: mergeThread(t.messages, action.messages),
        loaded: true,
        // The latest page says whether anything is older only when nothing older was read yet.
        hasMore: action.older || !t.loaded ? action.hasMore : t.hasMore,
        otherReadUpTo: Math.max(t.otherReadUpTo, action.otherReadUpTo),
      }));
    case 'incoming': {
      const { message, myId } = action;
      const otherId = otherOf(message, myId);
      if (!otherId) return state;
      const before = thread(state, otherId).messages;
      const next = withThread(state, otherId, (t) => {
        const messages = mergeThread(t.messages, [message]);
        return messages === t.messages ? t : { ...t, messages };
      });
      const isNew = !before.some((m) => isSame(m, message));
      const fromThem = message.senderId === otherId;
      // A message ends its sender's typing.
      const typing = fromThem && next.typing[otherId] ? without(next.typing, otherId) : next.typing;
      return withConversation(
        { ...next, typing },
        otherId,
        (c) => ({
          ...c,
          otherUser: fromThem && message.sender ? message.sender : c.otherUser,
          username: fromThem && message.sender ? message.sender.username : c.username,
          lastMessage: newer(c.lastMessage, message),
          unreadCount: c.unreadCount + (isNew && fromThem && !action.viewing ? 1 : 0),
        }),
        fromThem ? (message.sender?.username ?? '') : '',
      );
    }
    case 'edited': {
      const patch = (m: ListedMessage) =>
        m.id === action.messageId ? { ...m, content: action.content, editedAt: action.editedAt } : m;
      const next = withThread(state, action.otherId, (t) =>
        t.messages.some((m) => m.id === action.messageId) ? { ...t, messages: t.messages.map(patch) } : t,
      );
      const entry = next.conversations[action.otherId];
      if (!entry?.lastMessage || entry.lastMessage.id !== action.messageId) return next;
      return withConversation(next, action.otherId, (c) => ({
        ...c,
        lastMessage: c.lastMessage && patch(c.lastMessage),
      }));
    }
    case 'removed':
      return withThread(state, action.otherId, (t) =>
        t.messages.some((m) => m.id === action.messageId)
          ? { ...t, messages: t.messages.filter((m) => m.id !== action.messageId) }
          : t,
      );
    case 'sent': {
      const next = withThread({ ...state, localSeq: state.localSeq + 1 }, action.otherId, (t) => ({
        ...t,
        messages: mergeThread(t.messages, [action.message]),
      }));
      return withConversation(
        next,
        action.otherId,
        (c) => ({ ...c, username: c.username || action.username, lastMessage: newer(c.lastMessage, action.message) }),
        action.username,
      );
    }
    case 'sendFailed':
    case 'retried':
    case 'discarded':
      return withThread(state, action.otherId, (t) => {
        const index = t.messages.findIndex((m) => m.id < 0 && m.clientMessageId === action.clientMessageId);
        if (index < 0) return t;
        const messages = [...t.messages];
        if (action.type === 'discarded') messages.splice(index, 1);
        else if (action.type === 'retried')
          messages[index] = { ...messages[index]!, pending: true, failed: false, failReason: undefined };
        else messages[index] = { ...messages[index]!, pending: false, failed: true, failReason: action.reason };
        return { ...t, messages };
      });
    case 'read': {
      const c = state.conversations[action.otherId];
      if (!c || c.unreadCount === 0) return state;
      return withConversation(state, action.otherId, (entry) => ({ ...entry, unreadCount: 0 }));
    }
    case 'otherRead':
      return withThread(state, action.otherId, (t) =>
        action.lastReadMessageId > t.otherReadUpTo ? { ...t, otherReadUpTo: action.lastReadMessageId } : t,
      );
    case 'typing': {
      if (action.isTyping)
        return { ...state, typing: { ...state.typing, [action.userId]: action.now + PRIVATE_TYPING_MS } };
      if (state.typing[action.userId] === undefined) return state;
      return { ...state, typing: without(state.typing, action.userId) };
    }
    case 'typingExpired': {
      const live = Object.entries(state.typing).filter(([, until]) => until > action.now);
      if (live.length === Object.keys(state.typing).length) return state;
      return { ...state, typing: Object.fromEntries(live) };
    }
    case 'open':
      return { ...state, openWith: action.peer };
    case 'peerDeleted': {
      const { otherId } = action;
      if (!state.conversations[otherId] && !state.threads[otherId] && state.openWith?.id !== otherId) return state;
      return {
        ...state,
        conversations: without(state.conversations, otherId),
        threads: without(state.threads, otherId),
        typing: without(state.typing, otherId),
        openWith: state.openWith?.id === otherId ? null : state.openWith,
      };
    }
    case 'panel':
      return state.panelOpen === action.open ? state : { ...state, panelOpen: action.open };
    case 'reset':
      return initialPmState;
  }
}

// ---- selectors ----------------------------------------------------------------------------

/** Conversations newest first (by their last message), optionally those whose name contains `search`. */
export function conversationList(conversations: PmState['conversations'], search = ''): ConversationEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  return Object.values(conversations)
    .filter((c) => c.lastMessage !== null)
    .filter((c) => needle === '' || c.username.toLocaleLowerCase().includes(needle))
    .sort((a, b) => time(b.lastMessage!) - time(a.lastMessage!) || b.lastMessage!.id - a.lastMessage!.id);
}

/** All unread private messages (the header badge). */
export function unreadTotal(state: PmState): number {
  let total = 0;
  for (const c of Object.values(state.conversations)) total += c.unreadCount;
  return total;
}

/** An unsent copy of a message we are sending, shown at once. */
export function unsentCopy(fields: {
  seq: number;
  clientMessageId: string;
  sender: PublicUser;
  receiverId: number;
  content: string;
  messageType: 'text' | 'image' | 'voice';
  textColor: string | null;
  bold: boolean;
  createdAt: number;
}): ListedMessage {
  return draftMessage({
    id: -fields.seq,
    content: fields.content,
    messageType: fields.messageType,
    senderId: fields.sender.id,
    sender: fields.sender,
    isPrivate: true,
    receiverId: fields.receiverId,
    textColor: fields.textColor,
    bold: fields.bold,
    clientMessageId: fields.clientMessageId,
    timestamp: new Date(fields.createdAt).toISOString(),
    pending: true,
  });
}
