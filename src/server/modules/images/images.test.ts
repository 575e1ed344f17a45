import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { CHAT_IMAGE_MAX_BYTES, type UploadedImage } from '../../../shared/api/uploads';
import type { Message } from '../../../shared/entities/message';
import { chatImages } from '../../db/schema';
import { aJpegWithExif, aPng, aPngClaiming } from '../../testing/test-images';
import {
  api,
  apiForm,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
let sara: SignedInClient;
let hadi: SignedInClient;
const sockets: ClientSocket[] = [];

async function tab(who: SignedInClient): Promise<ClientSocket> {
  const socket = await connect(server.url, who.cookie);
  sockets.push(socket);
  return socket;
}

function upload(who: SignedInClient, data: Uint8Array<ArrayBuffer>, type = 'image/png', name = 'photo.png') {
  return apiForm(server.url, '/api/uploads/image', { cookie: who.cookie, files: { image: { data, type, name } } });
}

async function uploaded(who: SignedInClient, data?: Buffer): Promise<UploadedImage> {
  const res = await upload(who, new Uint8Array(data ?? (await aPng(1200, 800))));
  expect(res.status).toBe(200);
  return res.body.image as UploadedImage;
}

async function fetchBytes(path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(server.url + path);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer();
  [sara, hadi] = await Promise.all([
    enterAsGuest(server.url, 'سارة', { gender: 'أنثى' }),
    enterAsGuest(server.url, 'هادي'),
  ]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

// Visitors are flood-limited: each test starts with a clear allowance.
beforeEach(() => server.clock.advance(60_000));

describe('uploading a picture for a message', () => {
  it('stores a WebP full size and thumbnail, without metadata, served as images', async () => {
    const res = await upload(sara, new Uint8Array(await aJpegWithExif()), 'image/jpeg', 'camera.jpg');
    expect(res.status).toBe(200);
    const image = res.body.image as UploadedImage;
    expect(image.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(image.thumbnailUrl).toBe(image.url.replace('.webp', '-t.webp'));
    expect({ width: image.width, height: image.height }).toEqual({ width: 640, height: 480 });

    const full = await fetchBytes(image.url);
    expect(full.status).toBe(200);
    expect(full.type).toBe('image/webp');
    const fullMeta = await sharp(full.bytes).metadata();
    expect(fullMeta.format).toBe('webp');
    expect(fullMeta.exif).toBeUndefined();
    const thumb = await sharp((await fetchBytes(image.thumbnailUrl)).bytes).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320);
  });

  it('resizes a large picture to at most 1600 px a side', async () => {
    const image = await uploaded(sara, await aPng(4000, 1000));
    expect({ width: image.width, height: image.height }).toEqual({ width: 1600, height: 400 });
  });

  it('refuses a file that is not a picture, whatever it is called', async () => {
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svg = await upload(sara, new Uint8Array(text), 'image/svg+xml', 'x.svg');
    expect(svg.status).toBe(400);
    expect(svg.body.message).toBe(ERROR_MESSAGES.IMAGE_INVALID);
    const disguised = await upload(sara, new Uint8Array(text), 'image/png', 'x.png');
    expect(disguised.status).toBe(400);
    // A real PNG that claims to be something else is not let through either.
    const lying = await upload(sara, new Uint8Array(await aPng()), 'image/gif', 'x.gif');
    expect(lying.status).toBe(400);
  });

  it('refuses a file past the size limit with the 413 text of spec §8', async () => {
    const big = new Uint8Array(CHAT_IMAGE_MAX_BYTES + 1024);
    big.set(await aPng(), 0);
    const res = await upload(sara, big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('الملف كبير جداً - اختر ملفاً أصغر');
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const res = await upload(sara, new Uint8Array(aPngClaiming(50_000, 50_000)));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(ERROR_MESSAGES.IMAGE_DIMENSIONS_TOO_LARGE);
  });

  it('allows 30 pictures per person in 10 minutes', async () => {
    const omar = await enterAsGuest(server.url, 'عمر');
    const png = new Uint8Array(await aPng(20, 20));
    expect((await upload(omar, png)).status).toBe(200);
    // 29 more uploaded just now (rows as the store writes them; encoding 29 pictures adds nothing).
    const now = new Date(server.clock.now());
    await server.app.database.db.insert(chatImages).values(
      Array.from({ length: 29 }, (_, i) => ({
        id: `${i}`.padStart(32, 'f'),
        ownerId: omar.user.id,
        width: 20,
        height: 20,
        bytes: 100,
        createdAt: now,
      })),
    );
    const refused = await upload(omar, png);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ERROR_MESSAGES.IMAGE_UPLOAD_RATE_LIMITED);
    // Others are not held back, and the allowance comes back after 10 minutes.
    expect((await upload(sara, png)).status).toBe(200);
    server.clock.advance(10 * 60 * 1000 + 1);
    expect((await upload(omar, png)).status).toBe(200);
  });

  it('needs a session, and serves only the names it writes', async () => {
    const res = await apiForm(server.url, '/api/uploads/image', {
      files: { image: { data: new Uint8Array(await aPng()), type: 'image/png' } },
    });
    expect(res.status).toBe(401);
    expect((await fetchBytes('/uploads/images/..%2F..%2Fsession-secret')).status).toBe(404);
    expect((await fetchBytes(`/uploads/images/${'0'.repeat(32)}.webp`)).status).toBe(404);
  });
});

describe('image messages', () => {
  it('reach the room with the picture as addresses and its size, never base64', async () => {
    const [saraTab, hadiTab] = await Promise.all([tab(sara), tab(hadi)]);
    await joinRoom(saraTab, 'general');
    await joinRoom(hadiTab, 'general');
    const image = await uploaded(sara);
    const arrived = nextEnvelope(hadiTab, 'newMessage', (e) => e.message.senderId === sara.user.id);
    const ack = await saraTab.emitWithAck('publicMessage', {
      roomId: 'general',
      content: image.url,
      messageType: 'image',
      clientMessageId: 'img-room-1',
    });
    expect(ack.ok).toBe(true);
    const { message } = await arrived;
    expect(message.messageType).toBe('image');
    expect(message.content).toBe(image.url);
    expect(message.attachments).toEqual([
      { url: image.url, type: 'image', thumbnailUrl: image.thumbnailUrl, width: 1200, height: 800 },
    ]);
    // History carries it the same way.
    const latest = await api(server.url, '/api/messages/room/general/latest', { cookie: hadi.cookie });
    const stored = (latest.body.messages as Message[]).find((m) => m.id === message.id);
    expect(stored?.attachments[0]?.thumbnailUrl).toBe(image.thumbnailUrl);
  });

  it('reach both people of a private conversation', async () => {
    const [saraTab, hadiTab] = await Promise.all([tab(sara), tab(hadi)]);
    const image = await uploaded(hadi);
    const toSara = nextEvent(saraTab, 'privateMessage', ({ message }) => message.messageType === 'image');
    const toHadi = nextEvent(hadiTab, 'privateMessage', ({ message }) => message.messageType === 'image');
    const res = await api(server.url, '/api/private-messages/send', {
      cookie: hadi.cookie,
      body: { receiverId: sara.user.id, content: image.url, messageType: 'image', clientMessageId: 'img-pm-1' },
    });
    expect(res.status).toBe(200);
    for (const { message } of await Promise.all([toSara, toHadi])) {
      expect(message.content).toBe(image.url);
      expect(message.attachments[0]).toMatchObject({ url: image.url, thumbnailUrl: image.thumbnailUrl });
    }
  });

  it('only the uploader may send a picture, and only one that exists', async () => {
    const image = await uploaded(sara);
    const stolen = await api(server.url, '/api/private-messages/send', {
      cookie: hadi.cookie,
      body: { receiverId: sara.user.id, content: image.url, messageType: 'image' },
    });
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(ERROR_MESSAGES.IMAGE_NOT_YOURS);
    const made = await api(server.url, '/api/messages/room/general', {
      cookie: sara.cookie,
      body: { content: `/uploads/images/${'a'.repeat(32)}.webp`, messageType: 'image' },
    });
    expect(made.status).toBe(400);
    const outside = await api(server.url, '/api/messages/room/general', {
      cookie: sara.cookie,
      body: { content: 'https://example.com/x.png', messageType: 'image' },
    });
    expect(outside.status).toBe(400);
  });

  it('converts a legacy data:image content to a stored picture, in rooms and private messages', async () => {
    const png = await aPng(200, 100, '#b91c1c');
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    const room = await api(server.url, '/api/messages/room/general', {
      cookie: sara.cookie,
      body: { content: dataUrl, clientMessageId: 'legacy-room-1' },
    });
    expect(room.status).toBe(200);
    const message = room.body.message as Message;
    expect(message.messageType).toBe('image');
    expect(message.content).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(message.content).not.toContain('base64');
    expect(message.attachments[0]).toMatchObject({ type: 'image', width: 200, height: 100 });
    const stored = await fetchBytes(message.content);
    expect((await sharp(stored.bytes).metadata()).format).toBe('webp');

    const [saraTab] = await Promise.all([tab(sara)]);
    await joinRoom(saraTab, 'general');
    const overSocket = await saraTab.emitWithAck('publicMessage', {
      roomId: 'general',
      content: `data:image/png;base64,${(await aPng(40, 40)).toString('base64')}`,
      clientMessageId: 'legacy-socket-1',
    });
    expect(overSocket.ok && overSocket.message.messageType).toBe('image');

    const pm = await api(server.url, '/api/private-messages/send', {
      cookie: hadi.cookie,
      body: { receiverId: sara.user.id, content: dataUrl, messageType: 'text' },
    });
    expect(pm.status).toBe(200);
    expect((pm.body.message as Message).messageType).toBe('image');
    expect((pm.body.message as Message).content).toMatch(/^\/uploads\/images\//);

    const broken = await api(server.url, '/api/messages/room/general', {
      cookie: sara.cookie,
      body: { content: 'data:image/png;base64,bm90IGFuIGltYWdl' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(ERROR_MESSAGES.IMAGE_INVALID);
  });
});
