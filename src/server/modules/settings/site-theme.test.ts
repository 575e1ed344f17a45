import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { siteSettings } from '../../db/schema';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  nextEnvelope,
  startPeerNode,
  startTestServer,
  type TestServer,
} from '../../testing/test-server';

const setTheme = (server: TestServer, siteTheme: unknown, cookie?: string) =>
  api(server.url, '/api/settings/site-theme', { method: 'PUT', body: { siteTheme }, cookie });

describe('site theme', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is default until the owner sets one, and only the owner may', async () => {
    expect((await api(server.url, '/api/settings/site-theme')).body).toEqual({ siteTheme: 'default' });
    const guest = await enterAsGuest(server.url, 'زائر السمة');
    const member = await aMember(server, 'عضو السمة');
    const moderator = await aMember(server, 'ريم', 'moderator');
    const admin = await aMember(server, 'كريم', 'admin');

    expect((await setTheme(server, 'ocean')).status).toBe(401);
    for (const someone of [guest, member, moderator, admin]) {
      const refused = await setTheme(server, 'ocean', someone.cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
    }
    expect((await api(server.url, '/api/settings/site-theme')).body).toEqual({ siteTheme: 'default' });
  });

  it('refuses an unknown theme with an Arabic 400', async () => {
    const owner = await aMember(server, 'مالك الموقع', 'owner');
    for (const bad of ['neon', '', 42, null, '__proto__']) {
      const refused = await setTheme(server, bad, owner.cookie);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ERROR_MESSAGES.THEME_INVALID);
    }
  });

  it("owner's change is stored, reaches every open page live and renders new pages in it", async () => {
    const owner = await aMember(server, 'صاحب الموقع', 'owner');
    const visitor = await enterAsGuest(server.url, 'متفرج');
    const socket = await connect(server.url, visitor.cookie);
    const update = nextEnvelope(socket, 'site_theme_update', () => true);

    const saved = await setTheme(server, 'berryCool', owner.cookie);
    expect(saved).toMatchObject({ status: 200, body: { siteTheme: 'berryCool' } });
    expect((await update).siteTheme).toBe('berryCool');
    expect((await api(server.url, '/api/settings/site-theme')).body).toEqual({ siteTheme: 'berryCool' });

    // Pages rendered by the server carry the theme in their head: no flash of another theme.
    const home = await fetch(`${server.url}/`).then((r) => r.text());
    expect(home).toContain('data-theme="berryCool"');
    expect(home).toMatch(/<style id="site-theme">html\[data-theme\]\{--background:#faf5fb;/);
    // …and a cached page follows the next change.
    await setTheme(server, 'dark', owner.cookie);
    expect(await fetch(`${server.url}/`).then((r) => r.text())).toContain('data-theme="dark"');
    socket.close();
  });

  it('is kept in the database, with who set it', async () => {
    const owner = await aMember(server, 'مالك ثابت', 'owner');
    await setTheme(server, 'forest', owner.cookie);
    const rows = await server.app.database.db.select().from(siteSettings);
    expect(rows).toEqual([expect.objectContaining({ key: 'siteTheme', value: 'forest', updatedBy: owner.user.id })]);
  });
});

// Two processes behind a load balancer: the change made on one reaches pages on the other.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('site theme on two nodes', () => {
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

  it('an owner on node A changes the theme of a page connected to node B, and of B’s pages', async () => {
    const owner = await aMember(nodeA, 'مالك العقدتين', 'owner');
    const visitor = await enterAsGuest(nodeB.url, 'زائر العقدة');
    const onB = await connect(nodeB.url, visitor.cookie);
    // B has rendered (and cached) its home page in the old theme.
    await fetch(`${nodeB.url}/`).then((r) => r.text());
    const update = nextEnvelope(onB, 'site_theme_update', () => true, 5000);
    expect((await setTheme(nodeA, 'sunset', owner.cookie)).status).toBe(200);
    expect((await update).siteTheme).toBe('sunset');
    expect((await api(nodeB.url, '/api/settings/site-theme')).body).toEqual({ siteTheme: 'sunset' });
    expect(await fetch(`${nodeB.url}/`).then((r) => r.text())).toContain('data-theme="sunset"');
    onB.close();
  });
});
