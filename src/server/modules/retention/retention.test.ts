import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../../shared/api/uploads';
import type { Db } from '../../db/client';
import {
  connectionReports,
  messageReactions,
  messages,
  moderationLog,
  notifications,
  privateConversations,
  reports,
  rooms,
  sanctions,
  sessions,
} from '../../db/schema';
import { formatRetentionRun, retentionRulesFor, runRetentionOnce } from '../../retention-pass';
import { aPng } from '../../testing/test-images';
import {
  aMember,
  api,
  apiForm,
  startTestServer,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';
import { DAY_MS } from './periods';

const HOUR = 60 * 60_000;
/** No hourly pass of its own: each test runs the passes it counts. */
const NEVER = 0;

let server: TestServer;
let db: Db;
let sara: SignedInClient;
let hadi: SignedInClient;
let roomId: string;

async function uploaded(who: SignedInClient): Promise<UploadedImage> {
  const res = await apiForm(server.url, '/api/uploads/image', {
    cookie: who.cookie,
    files: { image: { data: new Uint8Array(await aPng(40, 30)), type: 'image/png', name: 'p.png' } },
  });
  expect(res.status).toBe(200);
  return res.body.image as UploadedImage;
}

const at = (ms: number) => new Date(ms);
const now = () => server.clock.now();

function filesOf(image: UploadedImage): string[] {
  const dir = path.join(server.config.dataDir, 'uploads', 'images');
  return [path.join(dir, `${image.id}.webp`), path.join(dir, `${image.id}-t.webp`)];
}

async function roomMessage(createdAt: Date, content = 'مرحبا', image?: UploadedImage): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      roomId,
      senderId: sara.user.id,
      content: image ? image.url : content,
      messageType: image ? 'image' : 'text',
      createdAt,
    })
    .returning({ id: messages.id });
  return row!.id;
}

async function privateMessage(createdAt: Date, image?: UploadedImage): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      senderId: sara.user.id,
      receiverId: hadi.user.id,
      isPrivate: true,
      content: image ? image.url : 'سر',
      messageType: image ? 'image' : 'text',
      createdAt,
    })
    .returning({ id: messages.id });
  await db
    .insert(privateConversations)
    .values([
      { userId: sara.user.id, otherUserId: hadi.user.id, lastMessageId: row!.id },
      { userId: hadi.user.id, otherUserId: sara.user.id, lastMessageId: row!.id, unreadCount: 1 },
    ])
    .onConflictDoUpdate({
      target: [privateConversations.userId, privateConversations.otherUserId],
      set: { lastMessageId: row!.id },
    });
  return row!.id;
}

async function notification(type: 'message' | 'mention' | 'friendRequest', createdAt: Date): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: hadi.user.id, type, actorId: sara.user.id, text: 'x', createdAt })
    .returning({ id: notifications.id });
  return row!.id;
}

const exists = async (table: typeof messages | typeof notifications, id: number) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

beforeAll(async () => {
  server = await startTestServer({
    retention: { publicDays: 30, privateDays: 7, securityDays: 90, everyMs: NEVER, batchSize: 3 },
  });
  db = server.app.database.db;
  [sara, hadi] = await Promise.all([aMember(server, 'سارة_حفظ'), aMember(server, 'هادي_حفظ')]);
  const [room] = await db.select({ id: rooms.id }).from(rooms).limit(1);
  roomId = room!.id;
});

afterAll(async () => {
  await server?.close();
});

describe('the retention pass', () => {
  it('deletes each kind past its period, with what hangs off it, and keeps the rest', async () => {
    const t0 = now();
    // Old things, written now (the clock then moves past their periods).
    const roomPicture = await uploaded(sara);
    const privatePicture = await uploaded(sara);
    const neverSent = await uploaded(sara);
    const oldRoom = await roomMessage(at(t0), '', roomPicture);
    const oldPrivate = await privateMessage(at(t0), privatePicture);
    await db.insert(messageReactions).values({ messageId: oldRoom, userId: hadi.user.id, type: 'heart' });
    const pmNote = await notification('message', at(t0));
    const mentionNote = await notification('mention', at(t0));
    const requestNote = await notification('friendRequest', at(t0));
    const [logEntry] = await db
      .insert(moderationLog)
      .values({ actorName: 'x', action: 'mute', targetId: hadi.user.id, createdAt: at(t0) })
      .returning();
    const [ended] = await db
      .insert(sanctions)
      .values({ kind: 'mute', userId: hadi.user.id, reason: 'r', address: '203.0.113.9', expiresAt: at(t0 + HOUR) })
      .returning();
    const [permanent] = await db
      .insert(sanctions)
      .values({ kind: 'block', userId: hadi.user.id, reason: 'r', createdAt: at(t0) })
      .returning();
    const [closed] = await db
      .insert(reports)
      .values({ reporterId: sara.user.id, userId: hadi.user.id, reason: 'r', status: 'dismissed', handledAt: at(t0) })
      .returning();
    const [open] = await db
      .insert(reports)
      .values({ reporterId: hadi.user.id, userId: sara.user.id, reason: 'r', createdAt: at(t0) })
      .returning();
    const [connection] = await db
      .insert(connectionReports)
      .values({
        userId: sara.user.id,
        score: 90,
        band: 'excellent',
        successRate: 1,
        latencyMs: 50,
        samples: 3,
        transport: 'websocket',
        connectionType: '4g',
        userAgent: 'UA',
        clientTimestamp: t0,
        createdAt: at(t0),
      })
      .returning();
    await db
      .update(sessions)
      .set({ createdAt: at(t0) })
      .where(eq(sessions.userId, hadi.user.id));
    const pass = () => server.app.services.retention.runPass();

    // A day and an hour later: only the picture never sent has gone.
    await server.clock.advance(DAY_MS + HOUR);
    let run = await pass();
    expect(run.counts).toMatchObject({ chatImages: 1, roomMessages: 0, privateMessages: 0, notifications: 0 });
    expect(filesOf(neverSent).some(existsSync)).toBe(false);
    expect(filesOf(privatePicture).every(existsSync)).toBe(true);

    // Eight days: the private message, its conversation rows, its notification and its picture
    // (nothing else holds it); the room message, its picture and reaction stay. A private message
    // written since stays too.
    await server.clock.advance(7 * DAY_MS);
    const recentPrivate = await privateMessage(at(now() - DAY_MS));
    const recentPmNote = await notification('message', at(now() - HOUR));
    run = await pass();
    expect(run.counts).toMatchObject({ privateMessages: 1, roomMessages: 0, chatImages: 1, notifications: 1 });
    expect(await exists(messages, oldPrivate)).toBe(false);
    expect(await exists(messages, recentPrivate)).toBe(true);
    expect(await exists(notifications, pmNote)).toBe(false);
    expect(await exists(notifications, recentPmNote)).toBe(true);
    expect(await exists(notifications, mentionNote)).toBe(true);
    expect(filesOf(privatePicture).some(existsSync)).toBe(false);
    expect(filesOf(roomPicture).every(existsSync)).toBe(true);
    expect(await exists(messages, oldRoom)).toBe(true);
    // The conversation now ends at the recent message, which is kept.
    const conversations = await db
      .select()
      .from(privateConversations)
      .where(eq(privateConversations.userId, hadi.user.id));
    expect(conversations.map((c) => c.lastMessageId)).toEqual([recentPrivate]);

    // Thirty-one days: the room message, its reaction, the mention and the picture go. A room
    // message that quotes the same picture later keeps the picture's files.
    await server.clock.advance(23 * DAY_MS);
    const newer = await roomMessage(at(now() - DAY_MS));
    run = await pass();
    expect(run.counts).toMatchObject({ roomMessages: 1, chatImages: 1, notifications: 2 });
    expect(await exists(messages, oldRoom)).toBe(false);
    expect(await exists(messages, newer)).toBe(true);
    expect(await db.select().from(messageReactions).where(eq(messageReactions.messageId, oldRoom))).toEqual([]);
    expect(await exists(notifications, mentionNote)).toBe(false);
    expect(await exists(notifications, requestNote)).toBe(true);
    expect(filesOf(roomPicture).some(existsSync)).toBe(false);
    // Connection reports are kept 7 days.
    expect(await db.select().from(connectionReports).where(eq(connectionReports.id, connection!.id))).toEqual([]);

    // Ninety-one days: security records.
    expect(await db.select().from(moderationLog).where(eq(moderationLog.id, logEntry!.id))).toHaveLength(1);
    await server.clock.advance(60 * DAY_MS);
    run = await pass();
    expect(run.counts).toMatchObject({ moderationLog: 1, endedSanctions: 1, closedReports: 1, notifications: 1 });
    expect(run.counts.sessionAddresses).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(moderationLog).where(eq(moderationLog.id, logEntry!.id))).toEqual([]);
    const sanctionIds = (await db.select({ id: sanctions.id }).from(sanctions)).map((s) => s.id);
    expect(sanctionIds).not.toContain(ended!.id);
    expect(sanctionIds).toContain(permanent!.id);
    const reportIds = (await db.select({ id: reports.id }).from(reports)).map((r) => r.id);
    expect(reportIds).not.toContain(closed!.id);
    expect(reportIds).toContain(open!.id);
    const hadiSessions = await db.select().from(sessions).where(eq(sessions.userId, hadi.user.id));
    expect(hadiSessions.length).toBeGreaterThan(0);
    for (const session of hadiSessions)
      expect([session.ip, session.deviceId, session.userAgent]).toEqual([null, null, null]);
    // Hadi is still signed in: only what identifies the device went.
    expect((await api(server.url, '/api/auth/session', { cookie: hadi.cookie })).status).toBe(200);
    expect(run.failed).toEqual([]);
  });

  it('is harmless when two passes run at once', async () => {
    const old = at(now() - 40 * DAY_MS);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => roomMessage(old, `قديمة ${i}`)));
    const kept = await roomMessage(at(now()), 'جديدة');
    const [a, b] = await Promise.all([
      server.app.services.retention.runPass(),
      server.app.services.retention.runPass(),
    ]);
    expect(a.failed).toEqual([]);
    expect(b.failed).toEqual([]);
    expect(a.counts.roomMessages! + b.counts.roomMessages!).toBe(20);
    expect(await db.select({ id: messages.id }).from(messages).where(inArray(messages.id, ids))).toEqual([]);
    expect(await exists(messages, kept)).toBe(true);
  });

  it('records each pass; the owner sees the latest in the health details, nobody else', async () => {
    const run = await server.app.services.retention.runPass();
    const owner = await aMember(server, 'مالك_حفظ', 'owner');
    const details = await api(server.url, '/api/health/details', { cookie: owner.cookie });
    expect(details.status).toBe(200);
    expect(details.body.retention).toMatchObject({ startedAt: run.startedAt, counts: run.counts });
    expect(details.body.retentionPeriods).toEqual({ publicDays: 30, privateDays: 7, securityDays: 90 });
    expect((await api(server.url, '/api/health/details', { cookie: hadi.cookie })).status).toBe(403);
    expect((await api(server.url, '/api/health/details')).status).toBe(401);
  });

  it('names the same kinds for the command line as the site runs', () => {
    const site = [...server.app.retentionKinds, 'retentionRuns'].sort();
    expect(
      retentionRulesFor(db, server.config)
        .map((rule) => rule.kind)
        .sort(),
    ).toEqual(site);
  });

  it('runs one pass from the command line and prints what it deleted per kind', async () => {
    await roomMessage(at(Date.now() - 45 * DAY_MS), 'قديمة جداً');
    const run = await runRetentionOnce(db, server.config);
    expect(run.counts.roomMessages).toBe(1);
    expect(run.source).toBe('cli');
    const printed = formatRetentionRun(run);
    expect(printed).toMatch(/^Retention pass: \d+ deleted/);
    expect(printed).toMatch(/roomMessages\s+1$/m);
    expect(printed).toMatch(/privateMessages\s+0$/m);
    expect((await server.app.services.retention.lastRun())?.source).toBe('cli');
  });
});

describe('the hourly pass', () => {
  it('runs on its own every hour on the server clock', async () => {
    const hourly = await startTestServer({
      retention: { publicDays: 30, privateDays: 7, securityDays: 90, everyMs: HOUR, batchSize: 100 },
    });
    try {
      const hdb = hourly.app.database.db;
      const [room] = await hdb.select({ id: rooms.id }).from(rooms).limit(1);
      const who = await aMember(hourly, 'ساعة');
      await hdb.insert(messages).values({
        roomId: room!.id,
        senderId: who.user.id,
        content: 'قديمة',
        createdAt: at(hourly.clock.now() - 31 * DAY_MS),
      });
      expect(await hourly.app.services.retention.lastRun()).toBeNull();
      await hourly.clock.advance(HOUR + 1000);
      await expect.poll(async () => (await hourly.app.services.retention.lastRun())?.counts.roomMessages).toBe(1);
      expect(await hdb.select().from(messages).where(eq(messages.content, 'قديمة'))).toEqual([]);
    } finally {
      await hourly.close();
    }
  });
});
