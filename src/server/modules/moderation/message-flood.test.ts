import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../../clock';
import { createMessageFlood } from './message-flood';
import { errorText } from '../../../shared/api/errors';
import {
  aMember,
  connect,
  enterAsGuest,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
const sockets: ClientSocket[] = [];
let room = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

// Every test starts with clear allowances, at a fixed instant: only `advance` moves time.
beforeEach(async () => {
  await server.clock.advance(60_000);
  server.clock.freeze();
});
afterEach(() => server.clock.resume());

const windowMs = () => server.config.messageFlood.windowMs;

/** A connected socket of `cookie` in a room of its own test (from `deviceId` if given). */
async function inRoom(cookie: string, roomId: string, deviceId?: string): Promise<ClientSocket> {
  const socket = await connect(server.url, cookie, deviceId ? { deviceId } : {});
  sockets.push(socket);
  await joinRoom(socket, roomId);
  return socket;
}

function send(socket: ClientSocket, roomId: string, content: string, clientMessageId?: string) {
  return socket
    .timeout(3000)
    .emitWithAck('publicMessage', { roomId, content, ...(clientMessageId ? { clientMessageId } : {}) });
}

/** Sends `count` different messages; the list of which went through. */
async function burst(socket: ClientSocket, roomId: string, count: number, label = 'رسالة'): Promise<boolean[]> {
  const results: boolean[] = [];
  for (let i = 0; i < count; i++) results.push((await send(socket, roomId, `${label} رقم ${room}-${i}`)).ok);
  return results;
}

const allowed = (n: number, refused = 1) => [...Array<boolean>(n).fill(true), ...Array<boolean>(refused).fill(false)];
const nextRoom = () => ['kuwait', 'qatar', 'oman', 'yemen', 'libya', 'sudan', 'iraq', 'lebanon'][room++ % 8]!;

describe('flood control of room messages', () => {
  it('allows visitors fewer messages than members, and staff the most', async () => {
    const roomId = nextRoom();
    const guest = await enterAsGuest(server.url, 'زائر سريع');
    const member = await aMember(server, 'عضو سريع');
    const moderator = await aMember(server, 'حكيم', 'moderator');
    const [g, m, s] = await Promise.all([
      inRoom(guest.cookie, roomId),
      inRoom(member.cookie, roomId),
      inRoom(moderator.cookie, roomId),
    ]);
    const limits = server.config.messageFlood.perUser;
    expect(limits.guest).toBeLessThan(limits.member);
    expect(limits.member).toBeLessThan(limits.staff);
    expect(await burst(g, roomId, limits.guest + 1)).toEqual(allowed(limits.guest));
    expect(await burst(m, roomId, limits.member + 1)).toEqual(allowed(limits.member));
    expect(await burst(s, roomId, limits.staff + 1)).toEqual(allowed(limits.staff));
  });

  it('says in Arabic when to try again, and lets the sender go on then, not before', async () => {
    const roomId = nextRoom();
    const guest = await enterAsGuest(server.url, 'مستعجلة');
    const socket = await inRoom(guest.cookie, roomId);
    await burst(socket, roomId, server.config.messageFlood.perUser.guest);
    const refused = await send(socket, roomId, 'واحدة أخرى');
    expect(refused).toMatchObject({ ok: false, code: 'MESSAGE_RATE_LIMITED', action: 'publicMessage' });
    if (refused.ok) return;
    expect(refused.timeLeft).toBeGreaterThanOrEqual(1);
    expect(refused.timeLeft).toBeLessThanOrEqual((2 * windowMs()) / 1000);
    expect(refused.message).toBe(errorText('MESSAGE_RATE_LIMITED', refused.timeLeft));
    expect(refused.message).toMatch(/^أنت ترسل بسرعة كبيرة؛ أعد المحاولة بعد /);

    // Knocking again meanwhile costs nothing: a refused message is not counted.
    for (let i = 0; i < 5; i++) expect((await send(socket, roomId, `إلحاح ${i}`)).ok).toBe(false);
    await server.clock.advance(refused.timeLeft! * 1000 - 1000);
    expect((await send(socket, roomId, 'قبل الأوان')).ok).toBe(false);
    await server.clock.advance(1000);
    expect(await send(socket, roomId, 'في الوقت')).toMatchObject({ ok: true });

    // Two quiet windows later the whole allowance is back.
    await server.clock.advance(2 * windowMs());
    expect(await burst(socket, roomId, server.config.messageFlood.perUser.guest, 'جديد')).toEqual(
      allowed(server.config.messageFlood.perUser.guest, 0),
    );
  });

  it('counts a window edge in: no double burst across it', async () => {
    const roomId = nextRoom();
    const guest = await enterAsGuest(server.url, 'على الحافة');
    const socket = await inRoom(guest.cookie, roomId);
    // Just before the next window starts, then just after it.
    await server.clock.advance(windowMs() - (server.clock.now() % windowMs()) - 100);
    const limit = server.config.messageFlood.perUser.guest;
    expect(await burst(socket, roomId, limit)).toEqual(allowed(limit, 0));
    await server.clock.advance(200);
    expect((await send(socket, roomId, 'بعد الحافة')).ok).toBe(false);
  });

  it('holds two accounts on one device to one allowance, and leaves the other devices alone', async () => {
    const roomId = nextRoom();
    const [first, second, third] = await Promise.all([
      aMember(server, 'جهاز أول'),
      aMember(server, 'جهاز ثان'),
      aMember(server, 'جهاز آخر'),
    ]);
    const device = 'shared-device-1234';
    const [a, b, c] = await Promise.all([
      inRoom(first.cookie, roomId, device),
      inRoom(second.cookie, roomId, device),
      inRoom(third.cookie, roomId, 'another-device-5678'),
    ]);
    const { member } = server.config.messageFlood.perUser;
    const perDevice = server.config.messageFlood.perDevice;
    expect(perDevice).toBeLessThan(2 * member);
    expect(await burst(a, roomId, member)).toEqual(allowed(member, 0));
    const rest = perDevice - member;
    const fromSecond = await burst(b, roomId, rest + 1);
    expect(fromSecond).toEqual(allowed(rest));
    expect(await send(b, roomId, 'ما زلت أحاول')).toMatchObject({ ok: false, code: 'MESSAGE_RATE_LIMITED' });
    // Someone on another device is not held back by them.
    expect(await burst(c, roomId, member)).toEqual(allowed(member, 0));
    // Staff on the shared device are not counted against it.
    const moderator = await aMember(server, 'سندس', 'moderator');
    const s = await inRoom(moderator.cookie, roomId, device);
    expect(await burst(s, roomId, 3)).toEqual(allowed(3, 0));
  });

  it('refuses the same message a fourth time within 30 s, however it is spelled, and not a different one', async () => {
    const roomId = nextRoom();
    const member = await aMember(server, 'مكرر');
    const socket = await inRoom(member.cookie, roomId);
    const { repeats, repeatWindowMs } = server.config.messageFlood;
    for (let i = 0; i < repeats; i++) expect((await send(socket, roomId, 'اشتركوا في قناتي')).ok).toBe(true);
    const again = await send(socket, roomId, 'اشتركوا في قناتيييي!!');
    expect(again).toMatchObject({ ok: false, code: 'MESSAGE_REPEATED' });
    if (again.ok) return;
    expect(again.timeLeft).toBeGreaterThan(0);
    expect(again.timeLeft).toBeLessThanOrEqual((2 * repeatWindowMs) / 1000);
    expect(again.message).toBe(errorText('MESSAGE_REPEATED', again.timeLeft));
    expect((await send(socket, roomId, 'اشتركوا في قناتي ٢')).ok).toBe(true);
    await server.clock.advance(again.timeLeft! * 1000);
    expect((await send(socket, roomId, 'اشتركوا في قناتي')).ok).toBe(true);
  });

  it('gives a retried send that was already stored its message back, even when the sender is held back', async () => {
    const roomId = nextRoom();
    const guest = await enterAsGuest(server.url, 'معيد');
    const socket = await inRoom(guest.cookie, roomId);
    const first = await send(socket, roomId, 'وصلت؟', 'retry-flood-1');
    expect(first.ok).toBe(true);
    await burst(socket, roomId, server.config.messageFlood.perUser.guest);
    const retried = await send(socket, roomId, 'وصلت؟', 'retry-flood-1');
    expect(retried.ok && first.ok && retried.message.id === first.message.id).toBe(true);
  });
});

describe('a message let through whose storing failed', () => {
  it('is refunded, so its retries are neither a repeat nor a flood', async () => {
    const clock = createTestClock();
    clock.freeze();
    const flood = createMessageFlood({
      limits: {
        windowMs: 10_000,
        perUser: { guest: 5, member: 8, staff: 20 },
        perDevice: 10,
        repeats: 3,
        repeatWindowMs: 30_000,
      },
      clock,
      prefix: 'refund-test',
    });
    const sender = { userId: 7, role: 'guest' as const, deviceId: 'device-refund' };
    // The database was down: each attempt passed the check, failed to store, and was refunded.
    for (let i = 0; i < 10; i++) await (await flood.check(sender, 'هل من أحد؟')).refund();
    // Stored at last: counted once, like any message.
    await expect(flood.check(sender, 'هل من أحد؟')).resolves.toBeDefined();
    // Without refunds, the same attempts would have been refused.
    for (let i = 0; i < 2; i++) await flood.check(sender, 'هل من أحد؟');
    await expect(flood.check(sender, 'هل من أحد؟')).rejects.toMatchObject({ code: 'MESSAGE_REPEATED' });
  });
});
