import type { ListedMessage } from '../../../../shared/entities/message';
import type { OnlineUser } from '../../../../shared/entities/user';
import type { Envelope } from '../../../../shared/realtime/protocol';
import type { LinkStatus } from '../../../realtime';

/**
 * One conversation's key: a room, or (later) a private conversation with a user. Rooms and
 * private conversations share the timeline shape so they can sit side by side.
 */
export type TimelineKey = `room:${string}` | `private:${number}`;

export const roomTimeline = (roomId: string): TimelineKey => `room:${roomId}`;
export const privateTimeline = (userId: number): TimelineKey => `private:${userId}`;

export interface TypingEntry {
  userId: number;
  username: string;
  /** When the indicator goes away unless renewed (ms since epoch). */
  until: number;
}

/** What a room notice of a moderation action shows (the `moderationAction` envelope's fields). */
export type ModerationNoticeData = Omit<Envelope<'moderationAction'>, 'type' | 'roomId'>;

/** A timeline row: a message, a local join/leave notice, or a local moderation notice. */
export interface TimelineEntry extends ListedMessage {
  /** Set on a moderation notice (messageType 'system'). */
  moderation?: ModerationNoticeData;
  /** On a join or leave notice: the person's gender, so the verb agrees (دخل / دخلت). */
  noticeGender?: string | null;
}

export interface Timeline {
  messages: TimelineEntry[];
  typing: TypingEntry[];
  /** History has been loaded at least once. */
  loaded: boolean;
  /** Older history was read back to the room's first message: nothing earlier to load. */
  reachedStart: boolean;
  /**
   * How many older messages the reader loaded by scrolling up. While above 0 the timeline is not
   * capped, so a new message does not push out what they are reading.
   */
  olderCount: number;
}

/** The room timeline's state (the socket link's own state is the realtime core's `LinkState`). */
export interface ChatState {
  /** The room the server confirmed we are in. */
  joinedRoomId: string | null;
  /**
   * The room the page shows (asked for, perhaps only from the local cache): while there is no
   * connection, what is written there waits in the outbox, even on a page opened offline.
   */
  showingRoomId: string | null;
  timelines: Record<TimelineKey, Timeline>;
  /** Who is in each room, by room id (in a big room, the pages loaded so far). */
  online: Record<string, OnlineUser[]>;
  /** A big room's online list, paged: how many are there, and whether more pages exist. */
  onlinePaging: Record<string, OnlinePaging>;
  /** The tab is hidden: room messages wait in `hiddenBuffer` until it is visible again. */
  hidden: boolean;
  hiddenBuffer: ListedMessage[];
  /** Counter behind the negative ids of local entries (optimistic copies, notices). */
  localSeq: number;
  /** Until when the signed-in user may not post (ms since epoch, this browser's clock), if muted. */
  mutedUntil: number | null;
}

export const EMPTY_TIMELINE: Timeline = { messages: [], typing: [], loaded: false, reachedStart: false, olderCount: 0 };
const NO_USERS: OnlineUser[] = [];

export const initialChatState: ChatState = {
  joinedRoomId: null,
  showingRoomId: null,
  timelines: {},
  online: {},
  onlinePaging: {},
  hidden: false,
  hiddenBuffer: [],
  localSeq: 0,
  mutedUntil: null,
};

/** A timeline, or a shared empty one (stable, so selectors do not re-render for nothing). */
export function timelineOf(state: ChatState, key: TimelineKey): Timeline {
  return state.timelines[key] ?? EMPTY_TIMELINE;
}

/**
 * Where the composer writes: the joined room, or, while there is no connection to join it, the
 * room on screen (the message is queued and the server applies its rules when it is sent).
 */
export function writableRoomId(state: ChatState, link: LinkStatus): string | null {
  if (state.joinedRoomId) return state.joinedRoomId;
  return link === 'connected' ? null : state.showingRoomId;
}

export function onlineIn(state: ChatState, roomId: string): OnlineUser[] {
  return state.online[roomId] ?? NO_USERS;
}

/** A big room's list is paged: the server's total, and whether more pages can be loaded. */
export interface OnlinePaging {
  total: number;
  hasMore: boolean;
}

/** How many are in a room: a big room's total, or the length of a list sent whole. */
export function onlineCountIn(state: ChatState, roomId: string): number {
  return state.onlinePaging[roomId]?.total ?? onlineIn(state, roomId).length;
}

/** The paging of a room's online list, or null for a room sent whole. */
export function onlinePagingOf(state: ChatState, roomId: string): OnlinePaging | null {
  return state.onlinePaging[roomId] ?? null;
}

/** Whether the signed-in user is muted at `now`. */
export function isMuted(state: Pick<ChatState, 'mutedUntil'>, now: number): boolean {
  return state.mutedUntil !== null && state.mutedUntil > now;
}
