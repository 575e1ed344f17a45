/// <reference lib="dom" />
import type { Browser, BrowserContext, Page, WebSocket as PageSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cachedRoomTexts,
  composerReady,
  DESKTOP,
  enterAsVisitor,
  PHONE,
  pickRoom,
  screenshot,
  send,
  useSite,
  watchErrors,
} from './browser';

// Issue 11: a chat that works when websockets (or the socket altogether) are blocked, a reload
// while offline, and the health dot. The service worker is on for this site.
const site = useSite({ serviceWorker: true });

const log = (page: Page) => page.getByRole('log');

/** A context whose network refuses websocket upgrades (the socket then rides Socket.IO's HTTP polling). */
async function withoutWebsockets(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'ar', serviceWorkers: 'block' });
  await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close({ code: 1006, reason: 'blocked' }));
  return context;
}

async function plainContext(browser: Browser, baseURL: string, device = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ ...device, baseURL, locale: 'ar', serviceWorkers: 'block' });
}

describe('a network that blocks websockets', () => {
  it('still sends and receives, over Socket.IO’s HTTP polling', async () => {
    const blocked = await withoutWebsockets(site.browser, site.server.url);
    const a = await blocked.newPage();
    const errors = watchErrors(a);
    const httpSends: string[] = [];
    a.on('request', (r) => {
      if (r.method() === 'POST' && /^\/api\/messages\/room\//.test(new URL(r.url()).pathname)) httpSends.push(r.url());
    });
    const b = await (await plainContext(site.browser, site.server.url)).newPage();
    await enterAsVisitor(a, 'خلف جدار');
    await enterAsVisitor(b, 'في الخارج');
    await pickRoom(a, 'شات تونس');
    await pickRoom(b, 'شات تونس');
    await send(a, 'رسالة من خلف الجدار');
    await log(b).getByText('رسالة من خلف الجدار').waitFor();
    await send(b, 'وصلت، وهذا الرد');
    await log(a).getByText('وصلت، وهذا الرد').waitFor();
    // Carried by the socket over its polling transport, not by the HTTP fallback.
    expect(httpSends).toEqual([]);
    await a.getByRole('button', { name: /^حالة الاتصال/ }).click();
    await a.getByText('اتصال مباشر عبر استطلاع HTTP').waitFor();
    expect(errors).toEqual([]);
    await blocked.close();
    await b.context().close();
  });

  it('falls back to HTTP polling when the socket cannot connect at all, and still sends and receives', async () => {
    const cut = await plainContext(site.browser, site.server.url, PHONE);
    // The socket is cut off entirely, both its transports.
    await cut.routeWebSocket(/\/socket\.io\//, (ws) => ws.close({ code: 1006, reason: 'blocked' }));
    await cut.route('**/socket.io/**', (route) => route.abort());
    const a = await cut.newPage();
    const errors = watchErrors(a);
    const b = await (await plainContext(site.browser, site.server.url)).newPage();
    await enterAsVisitor(a, 'بلا مقبس');
    await enterAsVisitor(b, 'مع مقبس');
    await pickRoom(b, 'شات الأردن');
    // Entered by polling alone: the room's messages come over HTTP, and writing is open.
    await pickRoom(a, 'شات الأردن');
    await a.getByText('الاتصال المباشر متعذّر؛ الرسائل تصل وتُرسل عبر وضع احتياطي أبطأ').waitFor({ timeout: 15_000 });

    await send(b, 'هل تصلك رسائلي؟');
    await log(a).getByText('هل تصلك رسائلي؟').waitFor({ timeout: 10_000 });
    await send(a, 'نعم، عبر الاستطلاع');
    await log(b).getByText('نعم، عبر الاستطلاع').waitFor({ timeout: 10_000 });
    await expect.poll(() => log(a).getByText('جاري الإرسال').count()).toBe(0);
    await a.getByRole('button', { name: /^حالة الاتصال/ }).click();
    await a.getByText('وضع احتياطي عبر HTTP').waitFor();
    await screenshot(a, 'fallback-polling-health');
    // Once each.
    expect(await log(b).getByText('نعم، عبر الاستطلاع').count()).toBe(1);
    await a.keyboard.press('Escape');

    // The polls fail too: after three, backup mode; what is written waits in the outbox.
    await cut.route('**/api/messages/**', (route) => route.abort());
    await a.getByText('فشل الاتصال بالخادم؛ رسائلك محفوظة وستُرسل عند عودة الاتصال').waitFor({ timeout: 30_000 });
    await send(a, 'تنتظر الشبكة');
    await log(a).getByText('جاري الإرسال').waitFor();
    expect(await a.getByRole('button', { name: /^حالة الاتصال/ }).getAttribute('aria-label')).toBe(
      'حالة الاتصال: سيئة جداً',
    );
    await screenshot(a, 'fallback-backup-mode');
    await cut.unroute('**/api/messages/**');
    // Polls answer again: the waiting message goes, once.
    await log(b).getByText('تنتظر الشبكة').waitFor({ timeout: 40_000 });
    expect(await log(b).getByText('تنتظر الشبكة').count()).toBe(1);
    expect(errors).toEqual([]);
    await cut.close();
    await b.context().close();
  });
});

describe('the health dot', () => {
  it('shows the connection’s band, and its details on press', async () => {
    const context = await plainContext(site.browser, site.server.url, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install();
    const sockets: PageSocket[] = [];
    page.on('websocket', (socket) => sockets.push(socket));
    await enterAsVisitor(page, 'قياس');
    await pickRoom(page, 'شات المغرب');
    const dot = page.getByRole('button', { name: /^حالة الاتصال/ });
    await expect.poll(() => dot.getAttribute('aria-label')).toBe('حالة الاتصال: جارٍ القياس');
    // The first client_ping (20 s) and its pong, then the check (30 s), which reports.
    // Jumps stop short of each timer, so the ping and the check themselves run in real time and
    // their round trips are measured truly.
    const live = sockets.find((socket) => !socket.isClosed())!;
    const pong = live.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('"client_pong"'),
    });
    await page.clock.runFor(19_000);
    await pong;
    const report = page.waitForRequest((r) => r.url().endsWith('/api/connection-report'));
    await page.clock.runFor(9_000);
    await report;
    await expect.poll(() => dot.getAttribute('aria-label')).toBe('حالة الاتصال: ممتازة');
    await dot.click();
    await page.getByText('اتصال مباشر', { exact: true }).waitFor();
    await screenshot(page, 'health-excellent');
    const box = await dot.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByText('اتصال مباشر', { exact: true }).count()).toBe(0);
    await page.setViewportSize(DESKTOP.viewport);
    await dot.click();
    await page.getByText('اتصال مباشر', { exact: true }).waitFor();
    await screenshot(page, 'health-excellent-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('installable, and a reload while offline', () => {
  it('links the Arabic RTL manifest, registers the worker, and reopens the room from the cache offline', async () => {
    const context = await site.browser.newContext({ ...PHONE, baseURL: site.server.url, locale: 'ar' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      short_name: 'مجلس',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    await enterAsVisitor(page, 'مسافر');
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    await pickRoom(page, 'شات قطر');
    await send(page, 'قبل النفق');
    await log(page).getByText('قبل النفق').waitFor();
    await expect.poll(() => log(page).getByText('جاري الإرسال').count()).toBe(0);
    // The worker controls the page, and has the page and its assets (a reload fills its cache).
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)))
      .toBe(true);
    await page.reload();
    await log(page).getByText('قبل النفق').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The room cache is written a second after the last change.
    await expect.poll(() => cachedRoomTexts(page)).toContain('قبل النفق');

    await context.setOffline(true);
    await page.reload();
    await log(page).getByText('قبل النفق').waitFor({ timeout: 10_000 });
    await page.getByText('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة').waitFor();
    await screenshot(page, 'offline-reload-from-cache');
    // A page opened without network still takes what one writes: it waits in the outbox.
    await composerReady(page);
    await send(page, 'كتبتها في النفق');
    await log(page).getByText('كتبتها في النفق').waitFor();
    expect(await log(page).getByText('جاري الإرسال').count()).toBeGreaterThan(0);
    // The network returns: the chat reconnects, sends it, and writing works again.
    await context.setOffline(false);
    await expect.poll(() => log(page).getByText('جاري الإرسال').count(), { timeout: 20_000 }).toBe(0);
    await composerReady(page);
    await send(page, 'بعد النفق');
    await log(page).getByText('بعد النفق').waitFor();
    await expect.poll(() => log(page).getByText('جاري الإرسال').count(), { timeout: 20_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a site without the worker removes one registered before', async () => {
    const context = await site.browser.newContext({ ...PHONE, baseURL: site.server.url, locale: 'ar' });
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js'));
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
      .toBe(1);
    // Pages that say the worker is off (no manifest link): entering the chat unregisters it.
    await page.addInitScript(() => {
      new MutationObserver(() => document.querySelectorAll('link[rel="manifest"]').forEach((l) => l.remove())).observe(
        document,
        { childList: true, subtree: true },
      );
    });
    await enterAsVisitor(page, 'بلا عامل');
    await pickRoom(page, 'شات الكويت');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
      .toBe(0);
    await context.close();
  });
});
