import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorText } from '../../../shared/api/errors';
import type { LogEntry, Report } from '../../../shared/entities/moderation';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
let moderator: SignedInClient;
let author: SignedInClient;
let reporter: SignedInClient;
let moderatorSocket: ClientSocket;
let authorSocket: ClientSocket;
let reporterSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [moderator, author, reporter] = await Promise.all([
    aMember(server, 'منار', 'moderator'),
    aMember(server, 'صاحب الرسالة'),
    aMember(server, 'مبلّغة'),
  ]);
  [moderatorSocket, authorSocket, reporterSocket] = await Promise.all([
    connect(server.url, moderator.cookie),
    connect(server.url, author.cookie),
    connect(server.url, reporter.cookie),
  ]);
  await Promise.all([joinRoom(authorSocket, 'jordan'), joinRoom(reporterSocket, 'jordan')]);
});
afterAll(async () => {
  for (const socket of [moderatorSocket, authorSocket, reporterSocket]) socket?.close();
  await server?.close();
});
// Each test starts with a clear allowance of messages and of reports.
beforeEach(() => server.clock.advance(11 * 60_000));

let posted = 0;
/** A message by the author in jordan; its id. */
async function aMessage(content = `رسالة للبلاغ ${++posted}`): Promise<number> {
  const reply = await authorSocket.timeout(3000).emitWithAck('publicMessage', { roomId: 'jordan', content });
  if (!reply.ok) throw new Error(reply.code);
  return reply.message.id;
}

function report(body: unknown, cookie = reporter.cookie) {
  return api(server.url, '/api/reports', { body, cookie });
}

function handle(id: number, body: unknown, cookie = moderator.cookie) {
  return api(server.url, `/api/reports/${id}`, { method: 'PUT', body, cookie });
}

describe('making a report', () => {
  it('reports a message: the sender is the reported person, its text is kept, staff hear of it at once', async () => {
    const messageId = await aMessage('كلام مسيء للبلاغ');
    const staffHears = nextEnvelope(moderatorSocket, 'reportCreated', (e) => e.report.messageId === messageId);
    const authorSaw = recordEnvelopes(authorSocket);
    const res = await report({ messageId, reason: '  إساءة متكررة  ' });
    expect(res.status).toBe(201);
    const made = res.body.report as Report;
    expect(made).toMatchObject({
      reporterId: reporter.user.id,
      reporterName: 'مبلّغة',
      messageId,
      userId: author.user.id,
      username: 'صاحب الرسالة',
      reason: 'إساءة متكررة',
      excerpt: 'كلام مسيء للبلاغ',
      roomId: 'jordan',
      status: 'open',
      handledByName: null,
      outcome: null,
    });
    expect((await staffHears).report).toEqual(made);
    await settled(authorSocket);
    expect(authorSaw.some((e) => e.type === 'reportCreated')).toBe(false);

    // The same reporter on the same message while it is open: the same report, nothing new.
    const again = await report({ messageId, reason: 'مرة ثانية' });
    expect(again.status).toBe(200);
    expect((again.body.report as Report).id).toBe(made.id);
  });

  it('reports a person, from a visitor too; a message of theirs is a different target', async () => {
    const visitor = await enterAsGuest(server.url, 'زائرة منتبهة');
    const res = await report({ userId: author.user.id, reason: 'اسم مزعج' }, visitor.cookie);
    expect(res.status).toBe(201);
    expect(res.body.report).toMatchObject({
      reporterId: visitor.user.id,
      messageId: null,
      userId: author.user.id,
      excerpt: null,
      roomId: null,
    });
    const onMessage = await report({ messageId: await aMessage(), reason: 'وهذه أيضاً' }, visitor.cookie);
    expect(onMessage.status).toBe(201);
    expect((onMessage.body.report as Report).id).not.toBe((res.body.report as Report).id);
  });

  it('refuses reports on oneself, on what does not exist or cannot be seen, and bad input, in Arabic', async () => {
    const own = await report({ messageId: await aMessage() }, author.cookie);
    expect(own.status).toBe(400); // no reason
    expect(own.body.code).toBe('REPORT_REASON_REQUIRED');
    const cases: [unknown, string, number, string][] = [
      [{ userId: reporter.user.id, reason: 'أنا' }, reporter.cookie, 403, 'CANNOT_TARGET_SELF'],
      [{ messageId: await aMessage(), reason: 'رسالتي' }, author.cookie, 403, 'CANNOT_TARGET_SELF'],
      [{ messageId: 987654321, reason: 'لا وجود لها' }, reporter.cookie, 404, 'MESSAGE_NOT_FOUND'],
      [{ userId: 987654, reason: 'لا وجود له' }, reporter.cookie, 404, 'USER_NOT_FOUND'],
      [{ reason: 'عن لا أحد' }, reporter.cookie, 400, 'REPORT_TARGET_REQUIRED'],
      [{ userId: author.user.id, reason: '   ' }, reporter.cookie, 400, 'REPORT_REASON_REQUIRED'],
      [{ userId: author.user.id, reason: 'ط'.repeat(301) }, reporter.cookie, 400, 'REASON_TOO_LONG'],
      [{ messageId: 0, reason: 'صفر' }, reporter.cookie, 400, 'MESSAGE_NOT_FOUND'],
      [{ messageId: 'abc', reason: 'نص' }, reporter.cookie, 400, 'VALIDATION_ERROR'],
      [{ userId: 2 ** 40, reason: 'كبير' }, reporter.cookie, 400, 'USER_NOT_FOUND'],
    ];
    for (const [body, cookie, status, code] of cases) {
      const res = await report(body, cookie);
      expect([JSON.stringify(body), res.status, res.body.code]).toEqual([JSON.stringify(body), status, code]);
      expect(res.body.message).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]);
    }
    expect((await api(server.url, '/api/reports', { body: { userId: author.user.id, reason: 'x' } })).status).toBe(401);
  });

  it('does not let a message in a locked room be reported, or its text read, by someone who cannot enter it', async () => {
    const owner = await aMember(server, 'نبيل', 'owner');
    const inside = await connect(server.url, moderator.cookie);
    await joinRoom(inside, 'palestine');
    const lock = (isLocked: boolean) =>
      api(server.url, '/api/rooms/palestine/lock', { method: 'PUT', body: { isLocked }, cookie: owner.cookie });
    expect((await lock(true)).status).toBe(200);
    const reply = await inside.timeout(3000).emitWithAck('publicMessage', { roomId: 'palestine', content: 'سري' });
    if (!reply.ok) throw new Error(reply.code);
    const res = await report({ messageId: reply.message.id, reason: 'فضول' });
    expect([res.status, res.body.code, res.body.excerpt]).toEqual([404, 'MESSAGE_NOT_FOUND', undefined]);
    await lock(false);
    inside.close();
  });

  it('holds one reporter to 10 reports in 10 minutes, saying when they may report again', async () => {
    const busy = await aMember(server, 'كثير البلاغات');
    const targets = await Promise.all(Array.from({ length: 11 }, (_, i) => aMember(server, `هدف ${i + 1}`)));
    const { count, windowMs } = server.config.reportLimit;
    for (const target of targets.slice(0, count))
      expect((await report({ userId: target.user.id, reason: 'سبب' }, busy.cookie)).status).toBe(201);
    // A repeat of an open report is not a new one, and is still answered.
    expect((await report({ userId: targets[0]!.user.id, reason: 'سبب' }, busy.cookie)).status).toBe(200);
    const refused = await report({ userId: targets[count]!.user.id, reason: 'سبب' }, busy.cookie);
    expect([refused.status, refused.body.code]).toEqual([429, 'REPORT_RATE_LIMITED']);
    const timeLeft = refused.body.timeLeft as number;
    expect(timeLeft).toBeGreaterThan(windowMs / 1000 - 60);
    expect(timeLeft).toBeLessThanOrEqual(windowMs / 1000);
    expect(refused.body.message).toBe(errorText('REPORT_RATE_LIMITED', timeLeft));
    expect(refused.body.message).toMatch(/أعد المحاولة بعد 10 دقائق$/);
    await server.clock.advance(timeLeft * 1000);
    expect((await report({ userId: targets[count]!.user.id, reason: 'سبب' }, busy.cookie)).status).toBe(201);
  });
});

describe('the queue and closing a report', () => {
  it('is for staff: open reports oldest first, handled ones by status', async () => {
    const first = (await report({ messageId: await aMessage(), reason: 'أولاً' })).body.report as Report;
    const second = (await report({ messageId: await aMessage(), reason: 'ثانياً' })).body.report as Report;
    for (const who of [reporter, author]) {
      const res = await api(server.url, '/api/reports', { cookie: who.cookie });
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    const open = (await api(server.url, '/api/reports', { cookie: moderator.cookie })).body.reports as Report[];
    const ids = open.map((r) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(open.every((r) => r.status === 'open')).toBe(true);
    expect((await api(server.url, '/api/reports?status=lost', { cookie: moderator.cookie })).status).toBe(400);
  });

  it('closes a report once, records it, and tells the reporter the outcome in Arabic', async () => {
    const made = (await report({ messageId: await aMessage(), reason: 'شتائم' })).body.report as Report;
    const told = nextEnvelope(reporterSocket, 'systemNotification');
    const staffSeeItGo = nextEnvelope(moderatorSocket, 'reportHandled', (e) => e.report.id === made.id);
    const res = await handle(made.id, { status: 'actioned', outcome: '  كُتم المستخدم ساعة  ' });
    expect(res.status).toBe(200);
    expect(res.body.report).toMatchObject({
      id: made.id,
      status: 'actioned',
      handledByName: 'منار',
      outcome: 'كُتم المستخدم ساعة',
    });
    expect((await told).text).toBe('بخصوص بلاغك عن رسالة من \u2068صاحب الرسالة\u2069: كُتم المستخدم ساعة');
    // Every staff member's open queue loses it at once.
    expect((await staffSeeItGo).report).toMatchObject({ id: made.id, status: 'actioned' });

    const twice = await handle(made.id, { status: 'dismissed' });
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([
      409,
      'REPORT_ALREADY_HANDLED',
      ERROR_MESSAGES.REPORT_ALREADY_HANDLED,
    ]);
    const actioned = (await api(server.url, '/api/reports?status=actioned', { cookie: moderator.cookie })).body
      .reports as Report[];
    expect(actioned[0]?.id).toBe(made.id);
    const open = (await api(server.url, '/api/reports?status=open', { cookie: moderator.cookie })).body
      .reports as Report[];
    expect(open.some((r) => r.id === made.id)).toBe(false);

    const log = await api(server.url, `/api/moderation/log?action=report&targetId=${author.user.id}`, {
      cookie: moderator.cookie,
    });
    expect((log.body.entries as LogEntry[])[0]).toMatchObject({
      action: 'report',
      actorName: 'منار',
      targetName: 'صاحب الرسالة',
      reason: 'كُتم المستخدم ساعة',
      roomId: 'jordan',
    });

    // Once closed, the same target may be reported again.
    expect((await report({ messageId: made.messageId, reason: 'عاد' })).status).toBe(201);
  });

  it('dismissed without a word: the reporter gets the standard sentence', async () => {
    const made = (await report({ userId: author.user.id, reason: 'لا أحبه' })).body.report as Report;
    const told = nextEnvelope(reporterSocket, 'systemNotification');
    const res = await handle(made.id, { status: 'dismissed' });
    expect(res.body.report).toMatchObject({
      status: 'dismissed',
      outcome: expect.stringMatching(/لم يجدوا فيه مخالفة/),
    });
    expect((await told).text).toMatch(/^بخصوص بلاغك عن \u2068صاحب الرسالة\u2069: راجع المشرفون بلاغك ولم يجدوا/);
  });

  it('refuses non-staff, unknown reports, bad bodies, and staff closing a report about themselves', async () => {
    const made = (await report({ userId: moderator.user.id, reason: 'مشرف ظالم' })).body.report as Report;
    const mine = await handle(made.id, { status: 'dismissed' });
    expect([mine.status, mine.body.code]).toEqual([403, 'CANNOT_TARGET_SELF']);
    const other = await aMember(server, 'ريم', 'admin');
    expect((await handle(made.id, { status: 'actioned' }, other.cookie)).status).toBe(200);

    const open = (await report({ messageId: await aMessage(), reason: 'سبب' })).body.report as Report;
    expect((await handle(open.id, { status: 'actioned' }, reporter.cookie)).body.code).toBe('FORBIDDEN');
    expect((await handle(987654321, { status: 'actioned' })).body.code).toBe('REPORT_NOT_FOUND');
    expect((await handle(open.id, { status: 'open' })).status).toBe(400);
    expect((await handle(open.id, { status: 'actioned', outcome: 'ن'.repeat(301) })).body.code).toBe('REASON_TOO_LONG');
    expect(
      (
        await api(server.url, '/api/reports/0', {
          method: 'PUT',
          body: { status: 'dismissed' },
          cookie: moderator.cookie,
        })
      ).body.code,
    ).toBe('REPORT_NOT_FOUND');
    expect(
      (
        await api(server.url, '/api/reports/abc', {
          method: 'PUT',
          body: { status: 'dismissed' },
          cookie: moderator.cookie,
        })
      ).status,
    ).toBe(400);
  });
});
