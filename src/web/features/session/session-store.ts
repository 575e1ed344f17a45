import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { authEndpoints } from '../../../shared/api/auth';
import { isVirtualRoomId } from '../../../shared/entities/room-ids';
import type { PublicUser, SelfUser } from '../../../shared/entities/user';
import type { Actor } from '../../../shared/policy';
import { callApi, onUnauthorized } from '../../lib/api';
import { forgetUserData } from '../../lib/user-data';
import { reportSanctionRefusal } from '../sanction/sanction-store';
import { clearSessionRecord, loadSessionRecord, saveSessionRecord, type SessionRecord } from './session-record';

export type SessionStatus = 'restoring' | 'anonymous' | 'signedIn';

export interface SessionState {
  status: SessionStatus;
  /** Who is signed in, as far as this browser knows (spec: treated as logged in at once). */
  record: SessionRecord | null;
  /** The full user once the server confirmed it. */
  user: SelfUser | null;
  /** The chosen room; null shows the room picker. */
  roomId: string | null;
  /** The room of the landing page the visitor came from: offered first in the picker. */
  suggestedRoomId: string | null;
  /** A room picked from a landing page's chat links before entering: joined right after. */
  chosenRoomId: string | null;
  /** That room's name when the link said it (the entry screen says «ستدخل غرفة …»). */
  chosenName?: string | undefined;
}

/**
 * The session flow of spec §4 "Session start": restore, welcome, room picker, chat, logout.
 * A store outside React so the socket layer can read and drive it too.
 */
export function createSessionStore() {
  // Server-rendered pages start as the welcome screen; the browser restores the session after hydrating.
  const store = createStore<SessionState>()(() => ({
    status: 'anonymous',
    record: null,
    user: null,
    roomId: null,
    suggestedRoomId: null,
    chosenRoomId: null,
  }));
  /** Bumped by every sign-in and sign-out: a server check that started earlier must not undo them. */
  let generation = 0;

  /** Every change is written through to the stored record, so a reload restores it. */
  function set(next: Partial<SessionState>): void {
    store.setState(next);
    const { record, roomId } = store.getState();
    if (record) saveSessionRecord({ ...record, roomId });
  }

  function recordOf(user: SelfUser, roomId: string | null): SessionRecord {
    return { userId: user.id, username: user.username, userType: user.userType, roomId };
  }

  function clear(): void {
    generation++;
    clearSessionRecord();
    set({ status: 'anonymous', record: null, user: null, roomId: null });
  }

  const session = {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,

    /** Before the first render: the starting status, and the room of the page being shown. */
    prime(status: SessionStatus, suggestedRoomId: string | null = null): void {
      store.setState({ status, suggestedRoomId });
    },

    /** A chat link on a landing page: remember the room, and go straight there once signed in. */
    chooseRoom(roomId: string, roomName?: string): void {
      set({ chosenRoomId: roomId, chosenName: roomName, suggestedRoomId: roomId });
    },

    /**
     * Start-up. With a stored user the chat shows at once and the server is asked in the
     * background; `trustStored` (country pages) keeps the stored user even if the reply is empty.
     */
    async start(options: { trustStored?: boolean } = {}): Promise<void> {
      const record = loadSessionRecord();
      const started = generation;
      if (record) {
        set({ status: 'signedIn', record, roomId: record.roomId });
        try {
          const { user } = await callApi(authEndpoints.session);
          if (generation !== started) return;
          if (user && user.id === record.userId) set({ user, record: recordOf(user, store.getState().roomId) });
          else if (user) set({ user, record: recordOf(user, null), roomId: null });
          else if (!options.trustStored) clear();
        } catch (error) {
          // Refused for a sanction: the notice shows and the stored user goes.
          if (reportSanctionRefusal(error) && generation === started) clear();
          // Otherwise the check failed (offline): with a stored user nothing is shown; the socket retries.
        }
        return;
      }
      // A server-rendered page keeps showing its content while the server is asked.
      if (store.getState().status !== 'anonymous') set({ status: 'restoring' });
      try {
        const { user } = await callApi(authEndpoints.session);
        if (generation !== started) return;
        if (user) set({ status: 'signedIn', user, record: recordOf(user, null), roomId: null });
        else set({ status: 'anonymous' });
      } catch (error) {
        reportSanctionRefusal(error);
        if (generation === started) set({ status: 'anonymous' });
      }
    },

    /** After guest entry, login or registration: fresh record, no room yet. */
    signIn(user: SelfUser): void {
      generation++;
      clearSessionRecord();
      const roomId = store.getState().chosenRoomId;
      set({
        status: 'signedIn',
        user,
        record: recordOf(user, roomId),
        roomId,
        chosenRoomId: null,
        chosenName: undefined,
      });
    },

    updateUser(user: SelfUser): void {
      const { record, roomId } = store.getState();
      if (!record || record.userId !== user.id) return;
      set({ user, record: recordOf(user, roomId) });
    },

    selectRoom(roomId: string | null): void {
      set({ roomId: isVirtualRoomId(roomId) ? null : roomId });
    },

    /** Logout: tell the server (errors ignored), forget everything, back to the welcome screen. */
    async logout(): Promise<void> {
      const userId = store.getState().record?.userId;
      clear();
      // The unsent messages and room caches are the user's: they go with the session.
      if (userId !== undefined) forgetUserData(userId);
      await callApi(authEndpoints.logout).catch(() => undefined);
    },

    /** The server no longer knows this session (401 or refused socket). */
    expire(): void {
      if (store.getState().status === 'signedIn') clear();
    },
  };

  onUnauthorized(() => session.expire());
  return session;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore();

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** The signed-in user as the policy sees them (a guest until the server confirms the record). */
export function actorOf(state: SessionState): Actor {
  return { id: state.user?.id ?? state.record?.userId ?? 0, role: state.user?.role ?? 'guest' };
}

/**
 * Who we are on a page opened without network (the server has not confirmed the stored record
 * yet): enough to show what we write as "sending"; the stored copy replaces it once sent.
 */
export function offlineSender(record: SessionRecord | null): PublicUser | null {
  if (!record) return null;
  return {
    id: record.userId,
    username: record.username,
    displayName: null,
    userType: record.userType === 'guest' ? 'guest' : 'member',
    role: record.userType === 'guest' ? 'guest' : 'member',
    profileImage: null,
    avatarHash: null,
    avatarVersion: 0,
    usernameColor: null,
    usernameGradient: null,
    usernameEffect: null,
    profileBackgroundColor: null,
    profileEffect: null,
    profileTag: null,
    profileFrame: null,
    gender: null,
    country: null,
    isOnline: false,
    lastSeen: null,
    currentRoom: null,
  };
}
