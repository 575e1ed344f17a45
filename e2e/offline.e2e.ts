/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aMember, api } from '../src/server/testing/test-server';
import {
  cachedRoomTexts,
  DESKTOP,
  enterAsVisitor,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  send,
  useSite,
  watchErrors,
} from './browser';

const site = useSite();

const log = (page: Page) => page.getByRole('log');
const WRITTEN = ['في النفق ١', 'في النفق ٢', 'في النفق ٣'];

/** The texts of the tunnel messages a page shows, in order. */
function tunnelShown(page: Page): Promise<string[]> {
  return log(page)
    .locator('p[dir="auto"]')
    .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? '').filter((t) => t.startsWith('في النفق')));
}

describe('nothing lost on a bad network', () => {
  it('sends what was written offline once, in order, when the site is opened again after the tab closed', async () => {
    const writerContext = await newContext(site.browser, site.server.url, PHONE);
    let a = await writerContext.newPage();
    const b = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(a, 'عابر');
    await enterAsVisitor(b, 'منتظر');
    await pickRoom(a, 'شات لبنان');
    await pickRoom(b, 'شات لبنان');
    const userId = await a.evaluate(() => JSON.parse(localStorage.getItem('majlis.session') ?? '{}').userId as number);

    await writerContext.setOffline(true);
    site.server.app.io.in(`user:${userId}`).disconnectSockets(true);
    await a.getByText('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة').waitFor();
    for (const text of WRITTEN) await send(a, text);
    await expect.poll(() => log(a).getByText('جاري الإرسال').count()).toBe(3);
    await screenshot(a, 'offline-outbox-sending');
    await a.close();

    await writerContext.setOffline(false);
    a = await writerContext.newPage();
    const errors = watchErrors(a);
    await a.goto('/');
    // Back in the room: the queued messages are shown, then delivered.
    await expect.poll(() => tunnelShown(b), { timeout: 15_000 }).toEqual(WRITTEN);
    await expect.poll(() => tunnelShown(a), { timeout: 15_000 }).toEqual(WRITTEN);
    await expect.poll(() => log(a).getByText('جاري الإرسال').count()).toBe(0);
    // Once each: a message written now goes after anything still queued, so once B has it, no
    // late duplicate can follow.
    await send(a, 'خرجت من النفق');
    await log(b).getByText('خرجت من النفق').waitFor();
    expect(await tunnelShown(b)).toEqual(WRITTEN);
    await screenshot(b, 'offline-outbox-delivered');
    expect(errors).toEqual([]);
    await writerContext.close();
    await b.context().close();
  });

  it('takes back from the room a message the database failed to store, and sends it again once it can', async () => {
    const TEXT = 'لم تُحفظ بعد';
    const db = site.server.app.database.db;
    // The database refuses this text as if it had gone away in the middle of the write.
    await db.execute(
      sql.raw(`create or replace function refuse_message() returns trigger language plpgsql as $$
        begin
          if new.content = '${TEXT}' then raise exception 'connection lost' using errcode = '08006'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw('create trigger refuse_message before insert on messages for each row execute function refuse_message()'),
    );
    const a = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const b = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const errors = watchErrors(a, b);
    // B's socket hears the message before its write fails (so what follows is the taking back).
    let heardByB = false;
    b.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => void (heardByB ||= String(payload).includes(TEXT))),
    );
    await enterAsVisitor(a, 'مستعجلة');
    await enterAsVisitor(b, 'مترقب');
    await pickRoom(a, 'شات السودان');
    await pickRoom(b, 'شات السودان');
    await send(a, TEXT);
    await expect.poll(() => heardByB).toBe(true);
    // B's screen drops it; A's keeps one copy, sending again.
    await expect.poll(() => log(b).getByText(TEXT).count()).toBe(0);
    await expect.poll(() => log(a).getByText(TEXT).count()).toBe(1);
    await log(a).getByText('جاري الإرسال').waitFor();
    await screenshot(a, 'withdrawn-sending-again');

    await db.execute(sql.raw('drop trigger refuse_message on messages'));
    // The next try is stored: both see it once, and A's is sent.
    await expect.poll(() => log(b).getByText(TEXT).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => log(a).getByText('جاري الإرسال').count(), { timeout: 15_000 }).toBe(0);
    expect(await log(a).getByText(TEXT).count()).toBe(1);
    await screenshot(b, 'withdrawn-then-delivered');
    expect(errors).toEqual([]);
    await a.context().close();
    await b.context().close();
  });

  it('shows a message refused for good as not sent, with the reason, a retry and a delete', async () => {
    const keeper = await aMember(site.server, 'رصين', 'admin');
    const setWords = (words: unknown[]) =>
      api(site.server.url, '/api/moderation/words', { method: 'PUT', body: { words }, cookie: keeper.cookie });
    expect((await setWords([{ word: 'محظورة', action: 'block' }])).status).toBe(200);
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'كاتبة');
    await pickRoom(page, 'شات العراق');
    await send(page, 'كلمة محظورة هنا');
    await log(page)
      .getByText(/^لم تُرسل: /)
      .waitFor();
    await log(page).getByRole('button', { name: 'إعادة الإرسال' }).waitFor();
    await screenshot(page, 'offline-outbox-failed');
    await log(page).getByRole('button', { name: 'حذف' }).click();
    await expect.poll(() => log(page).getByText('كلمة محظورة هنا').count()).toBe(0);
    expect(errors).toEqual([]);
    await setWords([]);
    await page.context().close();
  });
});

describe('the local room cache', () => {
  it('shows the room at once from the cache when neither the socket nor history can be reached', async () => {
    const readerContext = await newContext(site.browser, site.server.url, PHONE);
    const a = await readerContext.newPage();
    const b = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(a, 'زائر عائد');
    await enterAsVisitor(b, 'كاتب');
    await pickRoom(a, 'شات ليبيا');
    await pickRoom(b, 'شات ليبيا');
    await send(b, 'رسالة تبقى في الذاكرة');
    await log(a).getByText('رسالة تبقى في الذاكرة').waitFor();
    // The cache is written a second after the room last changed, and when the page goes away.
    await expect.poll(() => cachedRoomTexts(a)).toContain('رسالة تبقى في الذاكرة');
    await a.close();

    const back = await readerContext.newPage();
    const errors = watchErrors(back);
    await back.route('**/socket.io/**', (route) => route.abort());
    await back.route('**/api/messages/**', (route) => route.abort());
    await back.goto('/');
    await log(back).getByText('رسالة تبقى في الذاكرة').waitFor({ timeout: 10_000 });
    await screenshot(back, 'offline-room-cache');
    expect(errors).toEqual([]);
    await readerContext.close();
    await b.context().close();
  });
});
