import * as z from 'zod/mini';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { ApiError } from '../../lib/api';
import { readLocal, removeLocal, writeLocal } from '../../lib/local-store';
import { readerGender } from '../../lib/reader-voice';

/**
 * What the sanctioned person sees (spec §2 kick overlay, §4 "Moderation"). Kept outside the chat's
 * lazily loaded chunk: the chat is gone (session cleared, socket closed) by the time the overlay
 * matters, and the welcome screen must show it too. A timed notice is stored, so a reload while
 * the time runs shows it again.
 */

/** kick and ban come from the live event; 'barred' from a refused sign-in, which does not say which. */
export type TimedKind = 'kick' | 'ban' | 'barred';
export type BlockKind = 'block' | 'deviceBlock';

export interface TimedNotice {
  kind: TimedKind;
  /** When entry is allowed again (ms since epoch, this browser's clock). */
  until: number;
  /** The whole length, when known (the event says it; a refusal only says what is left). */
  durationMinutes: number | null;
  /**
   * Null when the server did not say (a refused sign-in): no details are shown. Empty when the
   * event left them out: the spec's defaults are shown.
   */
  moderator: string | null;
  reason: string | null;
  /** The reader's gender when it was shown, so its words agree (null: not known). */
  gender?: string | null;
}

export interface BlockNotice {
  kind: BlockKind;
  moderator: string | null;
  reason: string | null;
  gender?: string | null;
}

export type SanctionNotice = TimedNotice | BlockNotice;

/** A block, kept as a moderation notification (spec §4) for the notifications list. */
export interface ModerationNotification extends BlockNotice {
  at: number;
}

export interface SanctionState {
  notice: SanctionNotice | null;
  /** The reader hid the overlay; the sanction still holds. */
  hidden: boolean;
  notifications: ModerationNotification[];
}

export const SANCTION_CODES = ['BANNED', 'BLOCKED', 'DEVICE_BLOCKED'] as const;
export type SanctionCode = (typeof SANCTION_CODES)[number];

export function isSanctionCode(code: unknown): code is SanctionCode {
  return typeof code === 'string' && (SANCTION_CODES as readonly string[]).includes(code);
}

const NOTICE_KEY = 'majlis.sanction';
const NOTIFICATIONS_KEY = 'majlis.moderationNotifications';
const MAX_NOTIFICATIONS = 20;
/** A server's `until` further than this from what its duration implies means the clocks differ. */
const CLOCK_TOLERANCE_MS = 60_000;

const storedNoticeSchema = z.object({
  kind: z.enum(['kick', 'ban', 'barred']),
  until: z.number(),
  durationMinutes: z.nullable(z.number()),
  moderator: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  gender: z.optional(z.nullable(z.string())),
});
const notificationsSchema = z.array(
  z.object({
    kind: z.enum(['block', 'deviceBlock']),
    moderator: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    at: z.number(),
  }),
);

export function isTimed(notice: SanctionNotice): notice is TimedNotice {
  return notice.kind === 'kick' || notice.kind === 'ban' || notice.kind === 'barred';
}

/** The live `kicked` event's payload (protocol `kicked`). */
export interface KickedPayload {
  moderator: string;
  reason: string;
  duration: number;
  until: string;
  kind: 'kick' | 'ban';
}

/**
 * When the wait ends on this browser's clock: the server's `until`, unless the two clocks
 * disagree by more than a minute, in which case the duration counted from now is closer to the truth.
 */
export function untilOf(payload: Pick<KickedPayload, 'until' | 'duration'>, now: number): number {
  const expected = now + Math.max(0, payload.duration) * 60_000;
  const stated = Date.parse(payload.until);
  return Number.isFinite(stated) && Math.abs(stated - expected) <= CLOCK_TOLERANCE_MS ? stated : expected;
}

export function createSanctionStore() {
  const store = createStore<SanctionState>()(() => ({ notice: null, hidden: false, notifications: [] }));

  function show(shown: SanctionNotice): void {
    const gender = shown.gender ?? readerGender();
    const notice = gender ? { ...shown, gender } : shown;
    store.setState({ notice, hidden: false });
    if (isTimed(notice)) writeLocal(NOTICE_KEY, notice);
    else removeLocal(NOTICE_KEY);
  }

  function addNotification(notice: BlockNotice, now: number): void {
    const notifications = [{ ...notice, at: now }, ...store.getState().notifications].slice(0, MAX_NOTIFICATIONS);
    store.setState({ notifications });
    writeLocal(NOTIFICATIONS_KEY, notifications);
  }

  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,

    /** After the page is live (never during server rendering): a stored notice still running. */
    restore(now: number = Date.now()): void {
      const notifications = readLocal(NOTIFICATIONS_KEY, notificationsSchema) ?? [];
      const stored = readLocal(NOTICE_KEY, storedNoticeSchema);
      // A notice shown since the page loaded is newer than anything stored: it stays as it is.
      if (store.getState().notice) store.setState({ notifications });
      else if (stored && stored.until > now) store.setState({ notice: stored, hidden: false, notifications });
      else {
        if (stored) removeLocal(NOTICE_KEY);
        store.setState({ notifications });
      }
    },

    /** The live `kicked` event (a kick or a ban). */
    kicked(payload: KickedPayload, now: number = Date.now()): void {
      show({
        kind: payload.kind,
        until: untilOf(payload, now),
        durationMinutes: payload.duration > 0 ? payload.duration : null,
        moderator: payload.moderator,
        reason: payload.reason,
      });
    },

    /** The live `blocked` event: permanent; kept as a moderation notification too. */
    blocked(payload: { moderator: string; reason: string }, now: number = Date.now()): void {
      const notice: BlockNotice = { kind: 'block', moderator: payload.moderator, reason: payload.reason };
      show(notice);
      addNotification(notice, now);
    },

    /**
     * A sign-in, session check, reconnect or join refused for a sanction. A kick still stored here
     * keeps its wording and details (the server calls both "banned"); only its end moves.
     */
    refused(code: SanctionCode, timeLeftSeconds: number | undefined, now: number = Date.now()): void {
      if (code === 'BLOCKED' || code === 'DEVICE_BLOCKED') {
        show({ kind: code === 'BLOCKED' ? 'block' : 'deviceBlock', moderator: null, reason: null });
        return;
      }
      const seconds = timeLeftSeconds !== undefined && timeLeftSeconds > 0 ? timeLeftSeconds : 0;
      const current = store.getState().notice;
      const until = now + seconds * 1000;
      if (current && isTimed(current) && current.until > now) show({ ...current, until });
      else show({ kind: 'barred', until, durationMinutes: null, moderator: null, reason: null });
    },

    hide(): void {
      store.setState({ hidden: true });
    },

    reveal(): void {
      if (store.getState().notice) store.setState({ hidden: false });
    },

    /** The wait is over, or the reader dismissed a block notice. */
    close(): void {
      removeLocal(NOTICE_KEY);
      store.setState({ notice: null, hidden: false });
    },
  };
}

export type SanctionStore = ReturnType<typeof createSanctionStore>;
/** What the realtime client and the sign-in forms tell about a sanction. */
export type SanctionSink = Pick<SanctionStore, 'kicked' | 'blocked' | 'refused'>;

export const sanctionStore = createSanctionStore();

export function useSanction(): SanctionState {
  return useStore(sanctionStore);
}

/**
 * A refused HTTP call (sign-in, session check) that was a sanction: shown as the overlay.
 * Returns whether it was one, so the caller shows no generic error.
 */
export function reportSanctionRefusal(error: unknown, sink: SanctionSink = sanctionStore): boolean {
  if (!(error instanceof ApiError) || error.status !== 403 || !isSanctionCode(error.code)) return false;
  sink.refused(error.code, error.timeLeft);
  return true;
}
