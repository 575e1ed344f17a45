import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_ROOMS } from '../../../shared/catalogue/catalogue-rooms';
import { CITIES } from '../../../shared/catalogue/cities';
import { COUNTRIES } from '../../../shared/catalogue/country-entries';
import { HUBS } from '../../../shared/catalogue/hubs';
import { SUB_CHATS } from '../../../shared/catalogue/subchats';
import type { ChatLink } from '../../../shared/catalogue/types';
import { roomSchema, type Room } from '../../../shared/entities/room';
import type { PageData } from '../../../shared/pages/page-data';
import { rooms } from '../../db/schema';
import { seed, seedRooms } from '../../db/seed';
import {
  api,
  connect,
  enterAsGuest,
  nextEnvelope,
  startPeerNode,
  startTestServer,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function listRooms(url = server.url): Promise<Room[]> {
  const res = await api(url, '/api/rooms');
  expect(res.status).toBe(200);
  return (res.body.rooms as unknown[]).map((room) => roomSchema.parse(room));
}

/** The page's embedded data, as the browser reads it. */
async function pageData(path: string): Promise<{ data: PageData; html: string }> {
  const res = await fetch(server.url + encodeURI(path));
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const json = /<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, path).toBeDefined();
  return { data: JSON.parse(json!) as PageData, html };
}

function linksOf(data: PageData): ChatLink[] {
  switch (data.kind) {
    case 'country':
      return data.country.chatLinks;
    case 'city':
      return data.city.chatLinks;
    case 'hub':
      return data.hub.chatLinks;
    case 'subChat':
      return data.subChat.chatLinks;
    default:
      return [];
  }
}

describe('the landing catalogue’s rooms', () => {
  it('exist after start: every city, sub-chat and hub room, named, under its country or hub', async () => {
    const list = await listRooms();
    const byId = new Map(list.map((room) => [room.id, room]));
    for (const expected of CATALOGUE_ROOMS) {
      expect(byId.get(expected.id), expected.id).toMatchObject({
        name: expected.name,
        parentId: expected.parentId,
        isActive: true,
        isDefault: false,
      });
    }
    expect(byId.get('egypt-cairo')).toMatchObject({ name: 'القاهرة', parentId: 'egypt' });
    expect(byId.get('sabaya-sabaya-chat')).toMatchObject({ name: 'شات الصبايا', parentId: 'sabaya' });
    expect(byId.get('sabaya')).toMatchObject({ parentId: null });
    expect(byId.get('egypt')).toMatchObject({ name: 'شات مصر', parentId: null });
    expect(list).toHaveLength(seedRooms().length);
    // The general room still leads the list.
    expect(list[0]?.id).toBe('general');
  });

  it('lead every landing page to its own room, which exists under the name the page says', async () => {
    const byId = new Map((await listRooms()).map((room) => [room.id, room]));
    const pages: { path: string; own: string }[] = [
      ...CITIES.map((city) => ({ path: city.path, own: city.id })),
      ...SUB_CHATS.map((subChat) => ({ path: subChat.path, own: subChat.id })),
      ...COUNTRIES.map((country) => ({ path: country.path, own: country.id })),
      ...HUBS.map((hub) => ({
        path: hub.path,
        own: hub.id === 'watan' ? 'general' : hub.countryPath ? hub.countryPath.slice(1) : hub.id,
      })),
    ];
    expect(pages.length).toBe(CITIES.length + SUB_CHATS.length + COUNTRIES.length + HUBS.length);
    for (const { path, own } of pages) {
      const { data, html } = await pageData(path);
      const links = linksOf(data);
      expect(links.length, path).toBeGreaterThanOrEqual(2);
      expect(links[0]?.roomId, path).toBe(own);
      for (const link of links) {
        const room = byId.get(link.roomId);
        expect(room, `${path} → ${link.roomId}`).toBeDefined();
        expect(link.roomName, `${path} → ${link.roomId}`).toBe(room!.name);
      }
      // The link works without JavaScript too: it carries the room.
      expect(html, path).toContain(`?room=${encodeURIComponent(own)}#welcome`);
    }
    // 226 pages rendered and read: more than a test's usual time on a busy machine.
  }, 120_000);

  it('Cairo leads to the Cairo room and «دردشة صبايا وبس» to the sabaya room, which one can enter', async () => {
    const cairo = linksOf((await pageData('/egypt/cairo')).data);
    expect(cairo.map((link) => link.roomId)).toEqual(['egypt-cairo', 'egypt-cairo']);
    const sabaya = linksOf((await pageData('/sabaya/sabaya-chat')).data).find(
      (link) => link.name === 'دردشة صبايا وبس',
    );
    expect(sabaya).toMatchObject({ roomId: 'sabaya-sabaya-chat', roomName: 'شات الصبايا' });

    // A room's own address names it too (the entry screen says it), staff's rooms are not named.
    expect((await pageData('/chat/egypt-cairo')).data).toEqual({
      kind: 'chat',
      roomId: 'egypt-cairo',
      roomName: 'القاهرة',
    });
    expect((await pageData('/chat/room-abc123')).data).toEqual({ kind: 'chat', roomId: 'room-abc123' });

    const me = await enterAsGuest(server.url, 'زائر القاهرة');
    const socket = await connect(server.url, me.cookie);
    const joined = nextEnvelope(socket, 'roomJoined');
    const reply = await socket.timeout(3000).emitWithAck('joinRoom', { roomId: 'egypt-cairo' });
    expect(reply).toMatchObject({ ok: true });
    expect(await joined).toMatchObject({ roomId: 'egypt-cairo', room: { name: 'القاهرة', parentId: 'egypt' } });
    socket.close();
  });

  it('are seeded idempotently, and what staff changed or deleted stays as they left it', async () => {
    const { db } = server.app.database;
    await db.update(rooms).set({ name: 'قاهرة المعز' }).where(eq(rooms.id, 'egypt-cairo'));
    await db.update(rooms).set({ isActive: false }).where(eq(rooms.id, 'egypt-giza'));
    await db.delete(rooms).where(inArray(rooms.id, ['sabaya-elegant-chat', 'iraq-mosul']));
    // A restart, and two starts at once.
    await seed(db);
    await Promise.all([seed(db), seed(db)]);
    const all = await db.select().from(rooms);
    expect(all).toHaveLength(seedRooms().length);
    expect(new Set(all.map((room) => room.id)).size).toBe(all.length);
    const row = (id: string) => all.find((room) => room.id === id);
    expect(row('egypt-cairo')?.name).toBe('قاهرة المعز');
    expect(row('egypt-giza')?.isActive).toBe(false);
    // A room missing from the database (a new catalogue entry) is added.
    expect(row('sabaya-elegant-chat')).toMatchObject({ name: 'دردشة راقية', isActive: true });
    expect(row('iraq-mosul')?.isActive).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the catalogue’s rooms on several nodes', () => {
  it('are created once when two nodes start at once', async () => {
    const { db } = server.app.database;
    const catalogueIds = CATALOGUE_ROOMS.map((room) => room.id);
    await db.delete(rooms).where(inArray(rooms.id, catalogueIds));
    const [b, c] = await Promise.all([startPeerNode(server), startPeerNode(server)]);
    try {
      const all = await db.select().from(rooms);
      expect(all).toHaveLength(seedRooms().length);
      expect(new Set(all.map((room) => room.id)).size).toBe(all.length);
      const onB = await listRooms(b.url);
      expect(onB.find((room) => room.id === 'egypt-cairo')).toMatchObject({ name: 'القاهرة', parentId: 'egypt' });
    } finally {
      await Promise.all([b.close(), c.close()]);
    }
  });
});
