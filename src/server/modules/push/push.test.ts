import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '../../../shared/api/push';
import { pushSubscriptions } from '../../db/schema';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';
import { isPublicAddress, type PushModule } from './index';
import { startLocalPushService, type TestSubscription } from '../../testing/local-push-service';

let server: TestServer;
let strict: TestServer;
let service: Awaited<ReturnType<typeof startLocalPushService>>;
const sockets: ClientSocket[] = [];

const pushOf = (node: TestServer) => node.app.modules.find((m) => m.name === 'push') as PushModule;

async function subscribe(
  node: TestServer,
  who: SignedInClient,
  subscription: Pick<TestSubscription, 'endpoint' | 'keys'>,
) {
  return api(node.url, '/api/push/subscriptions', { body: subscription, cookie: who.cookie });
}

async function sendPrivate(from: SignedInClient, to: SignedInClient, content: string) {
  server.clock.advance(3000);
  const sent = await api(server.url, '/api/private-messages/send', {
    body: { receiverId: to.user.id, content },
    cookie: from.cookie,
  });
  expect(sent.status).toBe(200);
}

/** Someone with a subscribed device and no page open. */
async function offlineWithDevice(name: string, answer?: number) {
  const person = await enterAsGuest(server.url, name);
  const device = service.subscription(answer);
  expect((await subscribe(server, person, device)).status).toBe(200);
  return { person, device };
}

beforeAll(async () => {
  service = await startLocalPushService();
  [server, strict] = await Promise.all([startTestServer({ webPushAllowLocal: true }), startTestServer()]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([server.close(), strict.close(), service.close()]);
});

describe('push: what reaches a device', () => {
  it('a private message to someone offline arrives encrypted, without its words by default', async () => {
    const { person: hala, device } = await offlineWithDevice('هالة');
    const sami = await enterAsGuest(server.url, 'سامي');
    const arrived = service.next(device);
    await sendPrivate(sami, hala, 'سرّ بيننا لا يظهر');
    const push = await arrived;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    const payload = pushPayloadSchema.parse(device.decrypt(push));
    expect(payload).toEqual({
      type: 'message',
      title: 'رسالة خاصة جديدة من \u2068سامي\u2069',
      body: '',
      url: `/?pm=${sami.user.id}`,
      tag: `pm:${sami.user.id}`,
    });
    expect(push.body.includes(Buffer.from('سرّ'))).toBe(false);
  });

  it('shows the start of the message only when the person allowed previews', async () => {
    const { person: rana, device } = await offlineWithDevice('رنا');
    const fadi = await enterAsGuest(server.url, 'فادي');
    const turned = await api(server.url, '/api/push/settings', {
      method: 'PUT',
      body: { preview: true },
      cookie: rana.cookie,
    });
    expect(turned.body).toEqual({ settings: { enabled: true, preview: true } });
    const arrived = service.next(device);
    await sendPrivate(fadi, rana, 'موعدنا غداً  في   المقهى');
    expect(device.decrypt(await arrived)).toMatchObject({ body: 'موعدنا غداً في المقهى' });
  });

  it('nothing is pushed to someone with a page open', async () => {
    const { person: nour, device } = await offlineWithDevice('نور');
    const karim = await enterAsGuest(server.url, 'كريم');
    sockets.push(await connect(server.url, nour.cookie));
    await sendPrivate(karim, nour, 'أهلاً');
    await pushOf(server).queue.idle();
    expect(service.to(device)).toHaveLength(0);
    // The same person, the page closed: pushed.
    sockets.pop()!.close();
    await until(async () => !(await isOnline(nour)));
    const arrived = service.next(device);
    await sendPrivate(karim, nour, 'أين ذهبت؟');
    expect(device.decrypt(await arrived)).toMatchObject({ type: 'message' });
  });

  it('nothing is pushed to someone who ignores the sender, nor for their mention', async () => {
    const { person: zaid, device } = await offlineWithDevice('زياد');
    const bassem = await enterAsGuest(server.url, 'باسم');
    const ignored = await api(server.url, `/api/users/${zaid.user.id}/ignore/${bassem.user.id}`, {
      body: {},
      cookie: zaid.cookie,
    });
    expect(ignored.status).toBe(200);
    await sendPrivate(bassem, zaid, 'رد علي');
    const tab = await connect(server.url, bassem.cookie);
    sockets.push(tab);
    await joinRoom(tab, 'jordan');
    server.clock.advance(3000);
    const said = await tab.timeout(3000).emitWithAck('publicMessage', { roomId: 'jordan', content: 'مرحباً @زياد' });
    expect(said.ok).toBe(true);
    await pushOf(server).queue.idle();
    expect(service.to(device)).toHaveLength(0);
  });

  it('nothing is pushed once the person turned push off', async () => {
    const { person: lina, device } = await offlineWithDevice('لينا');
    const omar = await enterAsGuest(server.url, 'عمر');
    const off = await api(server.url, '/api/push/settings', {
      method: 'PUT',
      body: { enabled: false },
      cookie: lina.cookie,
    });
    expect(off.body).toEqual({ settings: { enabled: false, preview: false } });
    await sendPrivate(omar, lina, 'هل أنت هنا؟');
    await pushOf(server).queue.idle();
    expect(service.to(device)).toHaveLength(0);
    const state = await api(server.url, '/api/push', { cookie: lina.cookie });
    expect(state.body).toMatchObject({ settings: { enabled: false }, devices: 1 });
    // Subscribing a device again is asking for them: on again.
    expect((await subscribe(server, lina, device)).status).toBe(200);
    expect((await api(server.url, '/api/push', { cookie: lina.cookie })).body).toMatchObject({
      settings: { enabled: true },
    });
  });

  it('a mention, a reply and a friend request reach the device and open the room or the requests', async () => {
    const { person: maya, device } = await offlineWithDevice('مايا');
    const tareq = await aMember(server, 'طارق');
    const tab = await connect(server.url, tareq.cookie);
    sockets.push(tab);
    await joinRoom(tab, 'egypt');
    server.clock.advance(3000);
    const mentioned = service.next(device);
    expect((await tab.timeout(3000).emitWithAck('publicMessage', { roomId: 'egypt', content: 'تعالي @مايا' })).ok).toBe(
      true,
    );
    expect(device.decrypt(await mentioned)).toMatchObject({
      type: 'mention',
      title: '\u2068طارق\u2069 أشار إليك',
      url: '/chat/egypt',
      body: '',
    });

    // A reply to Maya's message, sent while she had a page open, reaches her once she left.
    const mayaTab = await connect(server.url, maya.cookie);
    await joinRoom(mayaTab, 'egypt');
    server.clock.advance(3000);
    const original = await mayaTab.timeout(3000).emitWithAck('publicMessage', { roomId: 'egypt', content: 'سؤال' });
    if (!original.ok) throw new Error(original.code);
    mayaTab.close();
    await until(async () => !(await isOnline(maya)));
    server.clock.advance(3000);
    const replied = service.next(device);
    await tab
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'egypt', content: 'جواب', replyToId: original.message.id });
    expect(device.decrypt(await replied)).toMatchObject({ type: 'reply', url: '/chat/egypt' });

    const requested = service.next(device);
    const maysa = await aMember(server, 'ميساء'); // no gender given: the verbs are masculine
    const asked = await api(server.url, '/api/friends/requests', {
      body: { userId: maya.user.id },
      cookie: maysa.cookie,
    });
    expect(asked.status).toBeLessThan(300);
    expect(device.decrypt(await requested)).toMatchObject({
      type: 'friendRequest',
      title: '\u2068ميساء\u2069 يريد أن يضيفك صديقاً',
      url: '/?open=friend-requests',
    });
  });

  it('a subscription the push service says is gone (410) is removed', async () => {
    const { person: sara, device } = await offlineWithDevice('سارة', 410);
    const ali = await enterAsGuest(server.url, 'علي');
    expect((await api(server.url, '/api/push', { cookie: sara.cookie })).body).toMatchObject({ devices: 1 });
    const arrived = service.next(device);
    await sendPrivate(ali, sara, 'مرحباً');
    await arrived;
    await pushOf(server).queue.idle();
    expect((await api(server.url, '/api/push', { cookie: sara.cookie })).body).toMatchObject({ devices: 0 });
  });
});

describe('push: subscriptions', () => {
  it('serves the public key; validates the body; unsubscribes; limits devices per person', async () => {
    const huda = await enterAsGuest(server.url, 'هدى');
    const state = await api(server.url, '/api/push', { cookie: huda.cookie });
    expect(state.body).toMatchObject({ settings: { enabled: true, preview: false }, devices: 0 });
    expect(state.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((await api(server.url, '/api/push', {})).status).toBe(401);

    const bad = await api(server.url, '/api/push/subscriptions', {
      body: { endpoint: 'http://127.0.0.1:1/x', keys: { p256dh: 'not base64!', auth: 'x' } },
      cookie: huda.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('PUSH_SUBSCRIPTION_INVALID');

    const devices = Array.from({ length: 10 }, () => service.subscription());
    for (const device of devices) expect((await subscribe(server, huda, device)).status).toBe(200);
    // The same device again is not one more.
    expect((await subscribe(server, huda, devices[0]!)).status).toBe(200);
    const eleventh = await subscribe(server, huda, service.subscription());
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe('PUSH_TOO_MANY_DEVICES');
    const removed = await api(server.url, '/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: devices[0]!.endpoint },
      cookie: huda.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await api(server.url, '/api/push', { cookie: huda.cookie })).body).toMatchObject({ devices: 9 });

    // The data export lists her devices (where and since when, not their keys) and her settings.
    const exported = await api(server.url, `/api/users/${huda.user.id}/export`, { cookie: huda.cookie });
    expect(exported.status).toBe(200);
    const section = (exported.body.pushNotifications as { settings: unknown; devices: { endpoint: string }[] }[])[0]!;
    expect(section.settings).toEqual({ enabled: true, preview: false });
    expect(section.devices.map((d) => d.endpoint).sort()).toEqual(
      devices
        .slice(1)
        .map((d) => d.endpoint)
        .sort(),
    );
    expect(JSON.stringify(section)).not.toContain(devices[1]!.keys.auth);
  });

  it('refuses endpoints that are not https on public addresses (no SSRF) unless WEB_PUSH_ALLOW_LOCAL', async () => {
    const yara = await enterAsGuest(strict.url, 'يارا');
    const keys = service.subscription().keys;
    for (const endpoint of [
      service.subscription().endpoint,
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://127.1.2.3:8443/x',
      'https://10.0.0.8/x',
      'https://172.20.1.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[::]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a00:1]/x',
      'https://localhost/x',
      'https://user:pass@push.example.com/x',
    ]) {
      const refused = await subscribe(strict, yara, { endpoint, keys });
      expect({ endpoint, status: refused.status, code: refused.body.code }).toEqual({
        endpoint,
        status: 400,
        code: 'PUSH_ENDPOINT_REFUSED',
      });
    }
    expect((await api(strict.url, '/api/push', { cookie: yara.cookie })).body).toMatchObject({ devices: 0 });
  });

  it('does not connect to a loopback endpoint at send time either (one stored before, or by a name)', async () => {
    // A listener that counts connections: an https push to it would at least connect.
    let connections = 0;
    const listener: TcpServer = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const [dana, hani] = await Promise.all([enterAsGuest(strict.url, 'دانة'), enterAsGuest(strict.url, 'هاني')]);
    const keys = service.subscription().keys;
    await strict.app.database.db.insert(pushSubscriptions).values([
      { userId: dana.user.id, endpoint: `https://127.0.0.1:${port}/a`, ...keys },
      { userId: dana.user.id, endpoint: `https://localhost:${port}/b`, ...keys },
      { userId: dana.user.id, endpoint: `http://127.0.0.1:${port}/c`, ...keys },
    ]);
    strict.clock.advance(3000);
    const sent = await api(strict.url, '/api/private-messages/send', {
      body: { receiverId: dana.user.id, content: 'مرحباً' },
      cookie: hani.cookie,
    });
    expect(sent.status).toBe(200);
    await pushOf(strict).queue.idle();
    expect(connections).toBe(0);
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const address of ['8.8.8.8', '142.250.185.74', '2607:f8b0:4004:c1b::5f', '2a00:1450:4001:82a::200a'])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.0.1',
      '100.127.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1',
      'ff02::1',
      'not-an-address',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });
});

async function isOnline(who: SignedInClient): Promise<boolean> {
  const presence = server.app.modules.find((m) => m.name === 'presence') as unknown as {
    service: { isOnline(id: number): Promise<boolean> };
  };
  return presence.service.isOnline(who.user.id);
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
