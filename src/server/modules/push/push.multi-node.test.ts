import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connect,
  enterAsGuest,
  nextEvent,
  startPeerNode,
  startTestServer,
  until,
  type ClientSocket,
  type TestServer,
} from '../../testing/test-server';
import type { PresenceModule } from '../presence';
import type { PushModule } from './index';
import { startLocalPushService } from '../../testing/local-push-service';

const pushOf = (node: TestServer) => node.app.modules.find((m) => m.name === 'push') as PushModule;
const presenceOf = (node: TestServer) => node.app.modules.find((m) => m.name === 'presence') as PresenceModule;

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('push on two nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  let service: Awaited<ReturnType<typeof startLocalPushService>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    service = await startLocalPushService();
    nodeA = await startTestServer({ webPushAllowLocal: true });
    nodeB = await startPeerNode(nodeA, { webPushAllowLocal: true });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB.close();
    await nodeA.close();
    await service.close();
  });

  it('a person online on node B is not pushed by a message sent on node A; offline, exactly one push', async () => {
    const [hala, sami] = await Promise.all([enterAsGuest(nodeA.url, 'هالة'), enterAsGuest(nodeA.url, 'سامي')]);
    const device = service.subscription();
    expect((await api(nodeB.url, '/api/push/subscriptions', { body: device, cookie: hala.cookie })).status).toBe(200);
    // Both nodes use the same VAPID key (DATA_DIR is shared).
    const keyA = (await api(nodeA.url, '/api/push', { cookie: hala.cookie })).body.publicKey;
    expect((await api(nodeB.url, '/api/push', { cookie: hala.cookie })).body.publicKey).toBe(keyA);

    const tab = await connect(nodeB.url, hala.cookie);
    sockets.push(tab);
    await until(async () => (await presenceOf(nodeA).service.onlineUserIds([hala.user.id])).has(hala.user.id));
    nodeA.clock.advance(3000);
    const heard = nextEvent(tab, 'privateMessage');
    const sent = await api(nodeA.url, '/api/private-messages/send', {
      body: { receiverId: hala.user.id, content: 'هل أنت هنا؟' },
      cookie: sami.cookie,
    });
    expect(sent.status).toBe(200);
    await heard;
    await Promise.all([pushOf(nodeA).queue.idle(), pushOf(nodeB).queue.idle()]);
    expect(service.to(device)).toHaveLength(0);

    tab.close();
    await until(async () => !(await presenceOf(nodeA).service.onlineUserIds([hala.user.id])).has(hala.user.id));
    nodeA.clock.advance(3000);
    const arrived = service.next(device);
    const again = await api(nodeA.url, '/api/private-messages/send', {
      body: { receiverId: hala.user.id, content: 'سأنتظرك' },
      cookie: sami.cookie,
    });
    expect(again.status).toBe(200);
    expect(device.decrypt(await arrived)).toMatchObject({ type: 'message', url: `/?pm=${sami.user.id}` });
    await Promise.all([pushOf(nodeA).queue.idle(), pushOf(nodeB).queue.idle()]);
    expect(service.to(device)).toHaveLength(1);
  });
});
