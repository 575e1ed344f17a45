import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendRequest } from '../../../shared/api/friends';
import { api, enterAsGuest, startTestServer, type SignedInClient, type TestServer } from '../../testing/test-server';
import { FRIEND_REQUESTS_PER_WINDOW } from './index';

let server: TestServer;
let sender: SignedInClient;
let target: SignedInClient;

const ask = (from: SignedInClient, to: SignedInClient) =>
  api(server.url, '/api/friends/requests', { body: { userId: to.user.id }, cookie: from.cookie });
const withdraw = (from: SignedInClient, id: number) =>
  api(server.url, `/api/friends/requests/${id}`, { method: 'DELETE', cookie: from.cookie });
const notificationsOf = async (who: SignedInClient) =>
  (await api(server.url, '/api/notifications', { cookie: who.cookie })).body.notifications as { type: string }[];

beforeAll(async () => {
  server = await startTestServer();
  [sender, target] = await Promise.all([
    enterAsGuest(server.url, 'مرسل_كثير'),
    enterAsGuest(server.url, 'هدف_الطلبات'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('friend requests', () => {
  it('withdrawing a request removes its notification; sending and withdrawing again leaves none', async () => {
    for (let i = 0; i < 3; i++) {
      const asked = await ask(sender, target);
      expect(asked.status).toBe(200);
      await expect
        .poll(async () => (await notificationsOf(target)).filter((n) => n.type === 'friendRequest'))
        .toHaveLength(1);
      expect((await withdraw(sender, (asked.body.request as FriendRequest).id)).status).toBe(200);
      await expect
        .poll(async () => (await notificationsOf(target)).filter((n) => n.type === 'friendRequest'))
        .toHaveLength(0);
    }
  });

  it('are limited per sender, withdrawn ones counted, with an Arabic refusal saying when to try again', async () => {
    // Three went in the test above.
    for (let i = 3; i < FRIEND_REQUESTS_PER_WINDOW; i++) {
      const asked = await ask(sender, target);
      expect(asked.status).toBe(200);
      await withdraw(sender, (asked.body.request as FriendRequest).id);
    }
    const refused = await ask(sender, target);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('FRIEND_REQUEST_RATE_LIMITED');
    expect(refused.body.message).toMatch(/^أرسلت طلبات صداقة كثيرة في وقت قصير؛ أعد المحاولة بعد /);
    // Someone else may still ask.
    const other = await enterAsGuest(server.url, 'مرسل_آخر');
    expect((await ask(other, target)).status).toBe(200);
    // The next window lets the sender ask again.
    await server.clock.advance(10 * 60_000);
    expect((await ask(sender, target)).status).toBe(200);
  });
});
