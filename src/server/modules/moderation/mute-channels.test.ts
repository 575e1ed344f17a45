import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import {
  aMember,
  api,
  connect,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

// Issue 19 §3: a mute silences every public channel, not only room messages. A status line, a bio,
// a reaction and a friend request are refused with MUTED and the time left, until the mute ends.

let server: TestServer;
let moderator: SignedInClient;
let moderatorSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await aMember(server, 'حارس_الصمت', 'moderator');
  moderatorSocket = await connect(server.url, moderator.cookie);
  await joinRoom(moderatorSocket, 'general');
});

afterAll(async () => {
  moderatorSocket?.close();
  await server?.close();
});

const MUTE_MINUTES = 5;

/** A mute made by the moderator through the real endpoint. */
async function mute(target: SignedInClient): Promise<void> {
  const res = await api(server.url, '/api/moderation/mute', {
    cookie: moderator.cookie,
    body: { targetId: target.user.id, durationMinutes: MUTE_MINUTES },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function expectMuted(res: { status: number; body: Record<string, unknown> }, atMostSeconds: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.code).toBe('MUTED');
  expect(String(res.body.message)).toContain(ERROR_MESSAGES.MUTED.slice(0, 12));
  expect(res.body.timeLeft).toBeGreaterThan(0);
  expect(res.body.timeLeft).toBeLessThanOrEqual(atMostSeconds);
}

/** Runs `act` muted (refused), a minute later (still refused, less time left), then after the end. */
async function refusedUntilTheMuteEnds(
  target: SignedInClient,
  act: () => Promise<{ status: number; body: Record<string, unknown> }>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  await mute(target);
  expectMuted(await act(), MUTE_MINUTES * 60);
  await server.clock.advance(60_000);
  expectMuted(await act(), (MUTE_MINUTES - 1) * 60);
  await server.clock.advance((MUTE_MINUTES - 1) * 60_000 + 1000);
  return act();
}

const putProfile = (who: SignedInClient, body: unknown) =>
  api(server.url, `/api/users/${who.user.id}`, { method: 'PUT', cookie: who.cookie, body });
const profileOf = async (who: SignedInClient) =>
  (await api(server.url, `/api/users/${who.user.id}`, { cookie: moderator.cookie })).body.user as Record<
    string,
    unknown
  >;

describe('a muted user', () => {
  it('may not set a status line until the mute ends', async () => {
    const muted = await aMember(server, 'حالة_مكتومة');
    expect((await putProfile(muted, { statusText: 'قبل الكتم' })).status).toBe(200);
    const after = await refusedUntilTheMuteEnds(muted, async () => {
      const res = await putProfile(muted, { statusText: 'أثناء الكتم' });
      if (res.status === 403) expect((await profileOf(muted)).statusText).toBe('قبل الكتم');
      return res;
    });
    expect(after.status).toBe(200);
    expect((await profileOf(muted)).statusText).toBe('أثناء الكتم');
  });

  it('may not write a bio until the mute ends, and the refused text is not stored', async () => {
    const muted = await aMember(server, 'نبذة_مكتومة');
    await mute(muted);
    expectMuted(await putProfile(muted, { bio: 'نص ممنوع', usernameColor: '#112233' }), MUTE_MINUTES * 60);
    const kept = await profileOf(muted);
    expect(kept.bio ?? null).toBeNull();
    expect(kept.usernameColor ?? null).toBeNull();
    // Other fields, and clearing one's own text, are not speaking.
    expect((await putProfile(muted, { usernameColor: '#112233', bio: null })).status).toBe(200);
    await server.clock.advance(MUTE_MINUTES * 60_000 + 1000);
    expect((await putProfile(muted, { bio: 'بعد انتهاء الكتم' })).status).toBe(200);
    expect((await profileOf(muted)).bio).toBe('بعد انتهاء الكتم');
  });

  it('may not react to a room message until the mute ends', async () => {
    const muted = await aMember(server, 'متفاعل_مكتوم');
    const posted = await api(server.url, '/api/messages/room/general', {
      cookie: moderator.cookie,
      body: { content: 'رسالة للتفاعل' },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const messageId = (posted.body.message as { id: number }).id;
    const react = () =>
      api(server.url, `/api/messages/${messageId}/reaction`, { cookie: muted.cookie, body: { type: 'heart' } });
    const after = await refusedUntilTheMuteEnds(muted, async () => {
      const res = await react();
      if (res.status === 403) {
        // Nothing was counted while refused.
        const reactions = await api(server.url, `/api/messages/${messageId}/reaction`, {
          cookie: moderator.cookie,
          body: { type: null },
        });
        expect((reactions.body.reactions as { heart: number }).heart).toBe(0);
      }
      return res;
    });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.body).toMatchObject({ myReaction: 'heart', reactions: { heart: 1 } });
  });

  it('may not send a friend request until the mute ends', async () => {
    const muted = await aMember(server, 'صديق_مكتوم');
    const other = await aMember(server, 'صديق_آخر');
    const ask = () =>
      api(server.url, '/api/friends/requests', { cookie: muted.cookie, body: { userId: other.user.id } });
    const after = await refusedUntilTheMuteEnds(muted, async () => {
      const res = await ask();
      if (res.status === 403) {
        const incoming = await api(server.url, '/api/friends/requests', { cookie: other.cookie });
        expect(incoming.body.incoming).toEqual([]);
      }
      return res;
    });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const incoming = await api(server.url, '/api/friends/requests', { cookie: other.cookie });
    expect(incoming.body.incoming).toHaveLength(1);
  });
});
