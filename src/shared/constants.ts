/** Business constants of spec §9, named once and shared by server and browser. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** TanStack Query defaults (spec §9 "Query cache"). */
export const QUERY_CACHE = {
  staleTimeMs: 10 * MINUTE,
  gcTimeMs: 30 * MINUTE,
  maxRetries: 3,
} as const;

export const MESSAGES = {
  /** Messages loaded when entering a room. */
  latestOnEntry: 12,
  /** Largest page the latest endpoint serves. */
  latestMaxLimit: 100,
  /** Largest page the since (catch-up / poll) endpoint serves. */
  sinceMaxLimit: 500,
  /** Default page for older messages. */
  olderPage: 20,
  /** Largest page of older messages. */
  olderMaxLimit: 50,
  /** Longest message, in characters, after trimming. */
  maxLength: 1000,
  /** Messages kept in memory per room on the client (spec: up to 300 per room locally). */
  clientRoomCap: 300,
  /** How long after sending its sender may edit a message (issue 22). */
  editWindowMs: 15 * 60_000,
} as const;

/** Private conversations (spec §9). */
export const PRIVATE_MESSAGES = {
  /** Conversations listed at once (the spec's list size, and the most the endpoint serves). */
  conversationsLimit: 50,
  /** Default page of a conversation (the client preloads 20 conversations × 20 messages). */
  page: 20,
  /** Largest page of a conversation. */
  maxPage: 50,
} as const;

export const TYPING_INDICATOR_MS = 3 * SECOND;
export const JOIN_THROTTLE_MS = 1.5 * SECOND;
/** After `authenticated`, the saved room is re-joined after this delay when it is already current. */
export const REJOIN_DELAY_MS = 600;

export const PING = {
  foregroundMs: 20 * SECOND,
  backgroundMs: 30 * SECOND,
} as const;

export const SOCKET = {
  path: '/socket.io',
  reconnectionDelayMs: 500,
  reconnectionDelayMaxMs: 5 * SECOND,
  timeoutMs: 8 * SECOND,
} as const;

/** The HTTP polling fallback (spec §4 "Connection", §9 "Polling"). */
export const POLLING = {
  /** Interval while the tab is visible (spec §9's table and the issue: 1.5 s; the old client used 2 s). */
  visibleMs: 1.5 * SECOND,
  /** Interval while the tab is hidden (the table: 4 s; the old client used 5 s). */
  hiddenMs: 4 * SECOND,
  maxBackoffMs: 30 * SECOND,
  limit: 500,
  /** Polling starts this long after the socket dropped (a random point between the two). */
  startDelayMinMs: 2 * SECOND,
  startDelayMaxMs: 2.5 * SECOND,
  /** The interval is this many times longer while the socket is healthy again. */
  healthySocketFactor: 10,
  /** Consecutive failed polls that force backup mode. */
  backupAfterFailures: 3,
  /** Messages the local cache keeps of a room while on the fallback path. */
  fallbackCacheMessages: 50,
} as const;

/** Spec §9 "Connection health check" and "Health score bands". */
export const HEALTH = {
  checkEveryMs: 30 * SECOND,
  probeTimeoutMs: 5 * SECOND,
  /** Probes the score is computed over. */
  window: 10,
  bands: { excellent: 90, good: 75, fair: 60, poor: 40 },
} as const;

export const HTTP = {
  timeoutMs: 30 * SECOND,
  uploadTimeoutMs: 60 * SECOND,
} as const;

export const ROOM_LIST = {
  cacheMs: 300_000,
  refreshIntervalMs: 30_000,
  minFetchGapMs: 1000,
  maxCachedRooms: 100,
} as const;

export const LAST_SEEN_REFRESH_MS = 60 * SECOND;
export const KICK_DEFAULT_MINUTES = 15;

export const AVATAR_SIZES = { small: 36, medium: 56, large: 72 } as const;
export const DEFAULT_AVATAR_PATH = '/default_avatar.svg';

export const TEXT_COLOR_DEFAULT = '#000000';

/** The composer palette: 24 colours that read well on the light chat background. */
export const TEXT_COLOR_PALETTE = [
  '#000000',
  '#374151',
  '#6b7280',
  '#7f1d1d',
  '#b91c1c',
  '#dc2626',
  '#c2410c',
  '#ea580c',
  '#b45309',
  '#a16207',
  '#4d7c0f',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
  '#9f1239',
  '#78350f',
] as const;

export const SESSION = {
  cookieName: 'majlis_sid',
  memberTtlMs: 30 * 24 * HOUR,
  guestTtlMs: 7 * 24 * HOUR,
} as const;

export const DEVICE_ID_HEADER = 'x-device-id';

export const MINIMUM_AGE = 18;
export const MAXIMUM_AGE = 99;
