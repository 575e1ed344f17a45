import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aMember,
  api,
  apiForm,
  connect,
  joinRoom,
  nextEnvelope,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type TestServer,
} from '../../testing/test-server';
import { aPng } from '../../testing/test-images';

/** Resolves when the server closes the socket. */
function disconnected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve) => socket.once('disconnect', () => resolve()));
}

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('profiles and accounts across two nodes (PostgreSQL + Redis)', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    nodeA = await startTestServer();
    nodeB = await startPeerNode(nodeA);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('a look change made on node A reaches a screen on node B, and B lists the new look', async () => {
    const moderator = await aMember(nodeA, 'بسام', 'moderator');
    const watcher = await aMember(nodeB, 'نهى');
    const onA = await connect(nodeA.url, moderator.cookie);
    const onB = await connect(nodeB.url, watcher.cookie);
    try {
      await joinRoom(onA, 'oman');
      await joinRoom(onB, 'oman');
      const color = nextEnvelope(onB, 'usernameColorChanged', (e) => e.userId === moderator.user.id, 5000);
      const effect = nextEnvelope(onB, 'usernameEffectChanged', (e) => e.userId === moderator.user.id, 5000);
      const gradient = nextEnvelope(onB, 'usernameGradientChanged', (e) => e.userId === moderator.user.id, 5000);
      const glow = nextEnvelope(onB, 'profileEffectChanged', (e) => e.userId === moderator.user.id, 5000);
      const background = nextEnvelope(onB, 'user_background_updated', (e) => e.userId === moderator.user.id, 5000);
      const updated = nextEnvelope(onB, 'userUpdated', (e) => e.user.id === moderator.user.id, 5000);
      const res = await api(nodeA.url, `/api/users/${moderator.user.id}`, {
        method: 'PUT',
        cookie: moderator.cookie,
        body: {
          usernameColor: '#00aa55',
          usernameEffect: 'effect-shimmer-diagonal',
          usernameGradient: 'linear-gradient(90deg, #111111, #eeeeee)',
          profileEffect: 'galaxy',
          profileBackgroundColor: '#334455',
        },
      });
      expect(res.status).toBe(200);
      expect((await color).usernameColor).toBe('#00aa55');
      expect((await effect).usernameEffect).toBe('effect-shimmer-diagonal');
      expect((await gradient).usernameGradient).toBe('linear-gradient(90deg, #111111, #eeeeee)');
      expect((await glow).profileEffect).toBe('galaxy');
      expect((await background).profileBackgroundColor).toBe('linear-gradient(135deg, #334455, #334455)');
      expect((await updated).user).toMatchObject({ usernameColor: '#00aa55' });

      // Someone entering on node B sees the new colour in the online list.
      const late = await aMember(nodeB, 'عماد');
      const onLate = await connect(nodeB.url, late.cookie);
      const list = nextEnvelope(onLate, 'onlineUsers', () => true, 5000);
      await joinRoom(onLate, 'oman');
      expect((await list).users.find((u) => u.id === moderator.user.id)).toMatchObject({
        usernameColor: '#00aa55',
        usernameEffect: 'effect-shimmer-diagonal',
      });
      onLate.close();

      // An avatar uploaded on node B reaches the user's tab on node A.
      const self = nextEnvelope(onA, 'selfAvatarUpdated', () => true, 5000);
      const everyone = nextEnvelope(onB, 'userAvatarUpdated', (e) => e.userId === moderator.user.id, 5000);
      const up = await apiForm(nodeB.url, `/api/users/${moderator.user.id}/avatar`, {
        cookie: moderator.cookie,
        files: { avatar: { data: new Uint8Array(await aPng()), type: 'image/png' } },
      });
      expect(up.status).toBe(200);
      expect((await self).user.avatarVersion).toBe(1);
      expect((await everyone).avatarVersion).toBe(1);
      // Node A serves the file node B stored (a shared folder).
      const hash = (up.body.user as { avatarHash: string }).avatarHash;
      expect((await fetch(`${nodeA.url}/uploads/avatars/${hash}-64.webp`)).status).toBe(200);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('a password change on node A signs out the session connected to node B', async () => {
    const member = await aMember(nodeA, 'شادي');
    const login = await api(nodeB.url, '/api/auth/login', { body: { username: 'شادي', password: 'password-123' } });
    const cookieB = login.headers
      .getSetCookie()
      .map((l) => l.split(';')[0])
      .join('; ');
    const onB = await connect(nodeB.url, cookieB);
    const closed = disconnected(onB);
    const res = await api(nodeA.url, '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: 'password-123', newPassword: 'password-456' },
    });
    expect(res.status).toBe(200);
    await closed;
  });
});
