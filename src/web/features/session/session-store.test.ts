import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfUser } from '../../../shared/entities/user';
import { aSelfUser } from '../../testing/fixtures';
import { actorOf, createSessionStore } from './session-store';

const RECORD_KEY = 'majlis.session';
let storage: Map<string, string>;
let calls: { url: string; method: string }[];
let sessionUser: SelfUser | null;
let sessionStatus: number;

beforeEach(() => {
  storage = new Map();
  calls = [];
  sessionUser = null;
  sessionStatus = 200;
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET' });
      if (url === '/api/auth/session')
        return sessionStatus === 200
          ? Response.json({ user: sessionUser })
          : Response.json({ message: 'x', code: 'UNAUTHORIZED' }, { status: sessionStatus });
      return Response.json({ ok: true });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const stored = () => JSON.parse(storage.get(RECORD_KEY) ?? 'null') as unknown;
const storeRecord = (roomId: string | null) =>
  storage.set(RECORD_KEY, JSON.stringify({ userId: 5, username: 'user5', userType: 'guest', roomId }));

describe('session store', () => {
  it('is primed before the first render without writing anything', () => {
    const session = createSessionStore();
    session.prime('anonymous', 'egypt');
    expect(session.getState()).toMatchObject({ status: 'anonymous', suggestedRoomId: 'egypt' });
    expect(storage.size).toBe(0);
  });

  it('without a stored record, asks the server: a user signs in, none stays on the welcome screen', async () => {
    const session = createSessionStore();
    sessionUser = aSelfUser(5);
    await session.start();
    expect(session.getState()).toMatchObject({ status: 'signedIn', roomId: null, user: { id: 5 } });
    expect(calls).toEqual([{ url: '/api/auth/session', method: 'GET' }]);

    const other = createSessionStore();
    sessionUser = null;
    storage.clear();
    await other.start();
    expect(other.getState().status).toBe('anonymous');
  });

  it('with a stored record, shows the chat at once and restores the room; the server confirms it', async () => {
    storeRecord('egypt');
    sessionUser = aSelfUser(5, { role: 'member' });
    const session = createSessionStore();
    const started = session.start();
    expect(session.getState()).toMatchObject({ status: 'signedIn', roomId: 'egypt', user: null });
    await started;
    expect(session.getState()).toMatchObject({ status: 'signedIn', roomId: 'egypt', user: { role: 'member' } });
    expect(actorOf(session.getState())).toEqual({ id: 5, role: 'member' });
  });

  it('with a stored record the server no longer knows, returns to the welcome screen (not on country pages)', async () => {
    storeRecord('egypt');
    const session = createSessionStore();
    await session.start();
    expect(session.getState().status).toBe('anonymous');
    expect(stored()).toBeNull();

    storeRecord('egypt');
    const trusting = createSessionStore();
    await trusting.start({ trustStored: true });
    expect(trusting.getState()).toMatchObject({ status: 'signedIn', roomId: 'egypt' });
  });

  it('a 401 on the check expires the session', async () => {
    storeRecord(null);
    sessionStatus = 401;
    const session = createSessionStore();
    await session.start();
    expect(session.getState().status).toBe('anonymous');
  });

  it('signs in into the room chosen on a landing page, and keeps the stored record in step', () => {
    const session = createSessionStore();
    session.chooseRoom('iraq');
    session.signIn(aSelfUser(5));
    expect(session.getState()).toMatchObject({ roomId: 'iraq', chosenRoomId: null, suggestedRoomId: 'iraq' });
    expect(stored()).toEqual({ userId: 5, username: 'user5', userType: 'guest', roomId: 'iraq' });
    session.selectRoom('public');
    expect(session.getState().roomId).toBeNull();
    expect(stored()).toMatchObject({ roomId: null });
  });

  it("updates only the signed-in user's record", () => {
    const session = createSessionStore();
    session.signIn(aSelfUser(5));
    session.updateUser(aSelfUser(6, { role: 'admin' }));
    expect(session.getState().user?.id).toBe(5);
    session.updateUser(aSelfUser(5, { username: 'جديد' }));
    expect(stored()).toMatchObject({ username: 'جديد' });
  });

  it('logs out: forgets everything and tells the server', async () => {
    const session = createSessionStore();
    session.signIn(aSelfUser(5));
    const listener = vi.fn();
    session.subscribe(listener);
    await session.logout();
    expect(session.getState()).toMatchObject({ status: 'anonymous', record: null, user: null, roomId: null });
    expect(stored()).toBeNull();
    expect(calls).toContainEqual({ url: '/api/auth/logout', method: 'POST' });
    expect(listener).toHaveBeenCalled();
  });

  it('expires only a signed-in session', () => {
    const session = createSessionStore();
    session.prime('restoring');
    session.expire();
    expect(session.getState().status).toBe('restoring');
    session.signIn(aSelfUser(5));
    session.expire();
    expect(session.getState().status).toBe('anonymous');
  });
});
