import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  startPeerNode,
  startTestServer,
  type TestServer,
} from '../../testing/test-server';

const moderate = (server: TestServer, cookie: string, action: string, body: Record<string, unknown>) =>
  api(server.url, `/api/moderation/${action}`, { body, cookie });

describe("staff's moderation lists follow the log live", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every staff tab hears each logged action (a mute, its lift, a promotion); members do not', async () => {
    const moderator = await aMember(server, 'سامر', 'moderator');
    const admin = await aMember(server, 'كريمة', 'admin');
    const member = await aMember(server, 'عضو القوائم');
    const target = await enterAsGuest(server.url, 'هدف القوائم');
    const [staffSocket, memberSocket, targetSocket] = await Promise.all([
      connect(server.url, admin.cookie),
      connect(server.url, member.cookie),
      connect(server.url, target.cookie),
    ]);
    await joinRoom(targetSocket, 'syria');
    const memberHeard: unknown[] = [];
    memberSocket.on('message', (envelope) => {
      if (envelope.type === 'moderationLogged') memberHeard.push(envelope);
    });

    const muted = nextEnvelope(staffSocket, 'moderationLogged');
    expect(
      (await moderate(server, moderator.cookie, 'mute', { targetId: target.user.id, reason: 'ضجيج' })).status,
    ).toBe(200);
    expect((await muted).entry).toMatchObject({ action: 'mute', actorName: 'سامر', targetName: 'هدف القوائم' });

    const lifted = nextEnvelope(staffSocket, 'moderationLogged');
    const res = await api(server.url, `/api/moderation/mute/${target.user.id}`, {
      method: 'DELETE',
      cookie: moderator.cookie,
    });
    expect(res.status).toBe(200);
    expect((await lifted).entry).toMatchObject({ action: 'unmute', targetName: 'هدف القوائم' });

    // A member's tab heard none of it.
    expect(memberHeard).toEqual([]);
    const promoted = nextEnvelope(staffSocket, 'moderationLogged');
    const role = await api(server.url, `/api/users/${member.user.id}/role`, {
      method: 'PUT',
      body: { role: 'moderator' },
      cookie: admin.cookie,
    });
    expect(role.status).toBe(200);
    expect((await promoted).entry).toMatchObject({ action: 'setRole', reason: 'moderator', targetName: 'عضو القوائم' });
    for (const socket of [staffSocket, memberSocket, targetSocket]) socket.close();
  });
});

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)("staff's lists on two nodes", () => {
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

  it('a kick on node A reaches a moderator whose panel is open on node B', async () => {
    const moderator = await aMember(nodeA, 'باسل', 'moderator');
    const watcher = await aMember(nodeA, 'نادر', 'moderator');
    const target = await enterAsGuest(nodeA.url, 'هدف العقدة');
    const onB = await connect(nodeB.url, watcher.cookie);
    const heard = nextEnvelope(onB, 'moderationLogged', () => true, 5000);
    expect(
      (await moderate(nodeA, moderator.cookie, 'kick', { targetId: target.user.id, durationMinutes: 5 })).status,
    ).toBe(200);
    expect((await heard).entry).toMatchObject({ action: 'kick', targetName: 'هدف العقدة' });
    onB.close();
  });
});
