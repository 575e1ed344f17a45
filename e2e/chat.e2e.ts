/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aMember, api } from '../src/server/testing/test-server';
import {
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

function log(page: Page) {
  return page.getByRole('log');
}

describe('visitors chatting in real time', () => {
  it('enter from /, pick the same room, exchange messages both ways, and survive a reload', async () => {
    const phone = await newContext(site.browser, site.server.url, PHONE);
    const desktop = await newContext(site.browser, site.server.url, DESKTOP);
    const sara = await phone.newPage();
    const ahmed = await desktop.newPage();
    const errors = watchErrors(sara, ahmed);

    await sara.goto('/');
    await sara.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    expect(await sara.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await sara.locator('html').getAttribute('lang')).toBe('ar');
    await screenshot(sara, 'welcome-phone');
    await ahmed.goto('/');
    await ahmed.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await screenshot(ahmed, 'welcome-desktop');

    await enterAsVisitor(sara, 'سارة', true);
    await enterAsVisitor(ahmed, 'Ahmed');
    await screenshot(sara, 'picker-phone');
    await screenshot(ahmed, 'picker-desktop');

    await pickRoom(sara, 'الغرفة العامة');
    await pickRoom(ahmed, 'الغرفة العامة');

    await send(sara, 'مرحبا يا جماعة! كيف الحال؟');
    await log(ahmed).getByText('مرحبا يا جماعة! كيف الحال؟').waitFor();
    await send(ahmed, 'أهلاً سارة، الحمد لله. Hello from Cairo');
    await log(sara).getByText('أهلاً سارة، الحمد لله. Hello from Cairo').waitFor();

    // The sender's own copy shows once, not twice (optimistic copy replaced by the stored one).
    await expect.poll(() => log(sara).getByText('مرحبا يا جماعة! كيف الحال؟').count()).toBe(1);
    // Each sees the other online.
    await ahmed.getByRole('complementary', { name: 'المتصلون الآن' }).getByText('سارة').waitFor();
    await screenshot(sara, 'chat-phone');
    await screenshot(ahmed, 'chat-desktop');

    // A reload restores the session and the room, with the latest messages.
    await sara.reload();
    await log(sara).getByText('أهلاً سارة، الحمد لله. Hello from Cairo').waitFor();
    await expect(sara.getByRole('tab', { name: 'دخول زائر' }).count()).resolves.toBe(0);
    await send(sara, 'رجعت بعد التحديث');
    await log(ahmed).getByText('رجعت بعد التحديث').waitFor();

    expect(errors).toEqual([]);
    await phone.close();
    await desktop.close();
  });

  it('keeps a visitor in another room out of the conversation', async () => {
    const a = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const b = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(a, 'منى');
    await enterAsVisitor(b, 'كريم');
    await pickRoom(a, 'شات مصر');
    await pickRoom(b, 'شات العراق');
    await send(a, 'رسالة لأهل مصر فقط');
    await log(a).getByText('رسالة لأهل مصر فقط').waitFor();
    // Stored, so announced before the server hears B's message below; B's comes back after it.
    await expect.poll(() => log(a).getByText('جاري الإرسال').count()).toBe(0);
    await send(b, 'وهنا العراق');
    await log(b).getByText('وهنا العراق').waitFor();
    await expect.poll(() => log(b).getByText('جاري الإرسال').count()).toBe(0);
    expect(await log(b).getByText('رسالة لأهل مصر فقط').count()).toBe(0);
    await a.context().close();
    await b.context().close();
  });

  it('refuses a taken name with a clear Arabic message, and logs out back to the welcome screen', async () => {
    const a = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const b = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    await enterAsVisitor(a, 'نور');
    await pickRoom(a, 'الغرفة العامة');
    await b.goto('/');
    await b.getByLabel('الاسم المستعار').fill('نور');
    await b.getByRole('button', { name: 'ادخل الدردشة' }).click();
    await b.getByRole('alert').getByText('هذا الاسم مستخدم الآن من زائر متصل، اختر اسماً آخر').waitFor();

    await a.getByRole('button', { name: 'الإعدادات' }).click();
    await a.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await a.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await a.reload();
    await a.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await a.context().close();
    await b.context().close();
  });

  it('shows the lost connection, reconnects on its own and catches up on what was missed', async () => {
    const a = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const b = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const errors = watchErrors(a);
    await enterAsVisitor(a, 'مسافر');
    await enterAsVisitor(b, 'مقيم');
    await pickRoom(a, 'شات الأردن');
    await pickRoom(b, 'شات الأردن');
    const userId = await a.evaluate(() => JSON.parse(localStorage.getItem('majlis.session') ?? '{}').userId as number);

    await a.context().setOffline(true);
    site.server.app.io.in(`user:${userId}`).disconnectSockets(true);
    await a.getByText('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة').waitFor();
    await screenshot(a, 'chat-phone-offline');
    await send(b, 'رسالة أثناء الانقطاع');
    await log(b).getByText('رسالة أثناء الانقطاع').waitFor();

    await a.context().setOffline(false);
    await log(a).getByText('رسالة أثناء الانقطاع').waitFor({ timeout: 15_000 });
    await expect.poll(() => a.getByText('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة').count()).toBe(0);
    await send(a, 'عدت من جديد');
    await log(b).getByText('عدت من جديد').waitFor();
    expect(errors).toEqual([]);
    await a.context().close();
    await b.context().close();
  });

  it('with the network up but the server unreachable, says the server failed, never the network', async () => {
    const context = await newContext(site.browser, site.server.url, PHONE);
    // The socket goes through Playwright from the start (its stand-in is set up as the page loads),
    // so that it can be cut later.
    let unreachable = false;
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (unreachable) void ws.close({ code: 1006, reason: 'unreachable' });
      else ws.connectToServer();
    });
    const a = await context.newPage();
    const errors = watchErrors(a);
    await enterAsVisitor(a, 'منقطع');
    await pickRoom(a, 'شات الكويت');
    const userId = await a.evaluate(() => JSON.parse(localStorage.getItem('majlis.session') ?? '{}').userId as number);

    // The server stops answering this page (socket and HTTP alike); the device stays online.
    unreachable = true;
    await context.route('**/socket.io/**', (route) => route.abort());
    await context.route('**/api/**', (route) => route.abort());
    site.server.app.io.in(`user:${userId}`).disconnectSockets(true);
    await a.getByText('فشل الاتصال بالخادم').waitFor();
    expect(await a.evaluate(() => navigator.onLine)).toBe(true);
    // Through the polls' failures into backup mode, the banner keeps blaming the server.
    await a.getByText('فشل الاتصال بالخادم؛ رسائلك محفوظة').waitFor({ timeout: 30_000 });
    expect(await a.getByText('انقطع الاتصال').count()).toBe(0);
    expect(await a.getByText('الشبكة').count()).toBe(0);
    await screenshot(a, 'chat-phone-server-unreachable');

    unreachable = false;
    await context.unroute('**/socket.io/**');
    await context.unroute('**/api/**');
    await expect.poll(() => a.getByText('فشل الاتصال بالخادم').count(), { timeout: 30_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is usable from the keyboard: the skip link comes first and leads to the main area', async () => {
    const page = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await page.goto('/');
    await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('انتقل إلى المحتوى الرئيسي');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });
});

describe('staff changes reach open pages without a reload', () => {
  it('shows a promotion to everyone at once, and the promoted member may enter a locked room', async () => {
    const { url } = site.server;
    const owner = await aMember(site.server, 'نادر', 'owner');
    const leila = await aMember(site.server, 'ليلى');
    const put = (path: string, body: unknown) => api(url, path, { method: 'PUT', body, cookie: owner.cookie });
    expect((await put('/api/rooms/lebanon/lock', { isLocked: true })).status).toBe(200);

    const leilaContext = await newContext(site.browser, url, DESKTOP);
    const [name, value] = leila.cookie.split('=') as [string, string];
    await leilaContext.addCookies([{ name, value, url }]);
    const leilaPage = await leilaContext.newPage();
    const ahmed = await (await newContext(site.browser, url, DESKTOP)).newPage();
    const errors = watchErrors(leilaPage, ahmed);

    // Her saved session opens the room picker; the locked room is closed to a member.
    await leilaPage.goto('/');
    await leilaPage.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
    await pickRoom(leilaPage, 'الغرفة العامة');
    const lockedRoom = leilaPage
      .getByRole('complementary', { name: 'الغرف' })
      .getByRole('button', { name: /^شات لبنان/ });
    expect(await lockedRoom.isDisabled()).toBe(true);

    await enterAsVisitor(ahmed, 'أحمد');
    await pickRoom(ahmed, 'الغرفة العامة');
    const leilaListed = ahmed.getByRole('complementary', { name: 'المتصلون الآن' }).getByRole('listitem').filter({
      hasText: 'ليلى',
    });
    await leilaListed.getByText('عضو', { exact: true }).waitFor();

    expect((await put(`/api/users/${leila.user.id}/role`, { role: 'moderator' })).status).toBe(200);
    await leilaListed.getByText('مشرف', { exact: true }).waitFor();
    await expect.poll(() => lockedRoom.isDisabled()).toBe(false);
    await screenshot(ahmed, 'chat-desktop-promoted-member');

    await lockedRoom.click();
    await leilaPage.getByRole('heading', { name: 'شات لبنان' }).waitFor();
    await put('/api/rooms/lebanon/lock', { isLocked: false });
    expect(errors).toEqual([]);
    await leilaContext.close();
    await ahmed.context().close();
  });
});

describe('a page older than the server', () => {
  it('is asked in Arabic to reload, and works again once reloaded', async () => {
    const context = await newContext(site.browser, site.server.url, PHONE);
    const page = await context.newPage();
    // Play an old page: its handshake claims protocol 1 (the real server then refuses it).
    let old = true;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      if (!old) return;
      ws.onMessage((message) =>
        server.send(typeof message === 'string' ? message.replace(/"protocol":\d+/, '"protocol":1') : message),
      );
    });
    await enterAsVisitor(page, 'قديم');
    const notice = page.getByRole('alert').filter({ hasText: 'نسخة الصفحة لديك قديمة؛ أعد تحميل الصفحة للمتابعة' });
    await notice.waitFor();
    await screenshot(page, 'picker-phone-outdated');
    const reload = notice.getByRole('button', { name: 'إعادة تحميل الصفحة' });
    const box = await reload.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    old = false;
    await reload.click();
    await pickRoom(page, 'الغرفة العامة');
    expect(await notice.count()).toBe(0);
    await context.close();
  });
});
