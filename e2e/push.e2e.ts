/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceModule } from '../src/server/modules/presence';
import type { PushModule } from '../src/server/modules/push';
import { startLocalPushService } from '../src/server/testing/local-push-service';
import { aMember } from '../src/server/testing/test-server';
import {
  animationsDone,
  DESKTOP,
  enterAsVisitor,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  useSite,
  watchErrors,
} from './browser';

// Issue 22 §6. Headless Chromium has no push service to subscribe with, so the browser's edge is
// stubbed: `Notification.requestPermission` and `PushManager` answer with a subscription on the
// test's own push service (keys made here). Everything from the page's code on is real: the
// settings toggle, the API calls, the server's queue, the encrypted push that arrives.
const site = useSite({ serviceWorker: true, webPushAllowLocal: true });
let service: Awaited<ReturnType<typeof startLocalPushService>>;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

type Device = ReturnType<typeof service.subscription>;

/** A context whose browser edge hands out `device` as its push subscription; permission starts undecided. */
async function withStubbedPush(device: typeof PHONE | typeof DESKTOP, subscription: Device): Promise<BrowserContext> {
  const context = await newContext(site.browser, site.server.url, device);
  await context.addInitScript(
    ({ endpoint, keys }) => {
      let permission: NotificationPermission = 'default';
      let current: PushSubscription | null = null;
      const w = window as unknown as { __pushCalls: string[] };
      w.__pushCalls = [];
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = () => {
        w.__pushCalls.push('requestPermission');
        permission = 'granted';
        return Promise.resolve(permission);
      };
      const fake = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          w.__pushCalls.push('unsubscribe');
          current = null;
          return Promise.resolve(true);
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        w.__pushCalls.push(`subscribe:${options?.applicationServerKey ? 'key' : 'nokey'}`);
        current = fake;
        return Promise.resolve(fake);
      };
      PushManager.prototype.getSubscription = () => Promise.resolve(current);
    },
    { endpoint: subscription.endpoint, keys: subscription.keys },
  );
  return context;
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __pushCalls: string[] }).__pushCalls);

async function myId(page: Page): Promise<number> {
  const res = await page.request.get('/api/auth/session');
  return ((await res.json()) as { user: { id: number } }).user.id;
}

const presence = () => site.server.app.modules.find((m) => m.name === 'presence') as PresenceModule;
const push = () => site.server.app.modules.find((m) => m.name === 'push') as PushModule;

describe('notifications when no tab is open', () => {
  it('the settings toggle subscribes this device; closed, a private message arrives as a push', async () => {
    const device = service.subscription();
    const context = await withStubbedPush(PHONE, device);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'سلمى', true);
    await pickRoom(page, 'الغرفة العامة');
    const id = await myId(page);

    await page.getByRole('button', { name: 'الإعدادات' }).first().click();
    const toggle = page.getByRole('switch', { name: /إشعارات حين تكون الدردشة مغلقة/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // Nothing was asked of the browser before the tap.
    expect(await calls(page)).toEqual([]);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await calls(page)).toEqual(['requestPermission', 'subscribe:key']);
    const preview = page.getByRole('switch', { name: /إظهار بداية الرسالة في الإشعار/ });
    expect(await preview.getAttribute('aria-checked')).toBe('false');
    await animationsDone(page);
    await screenshot(page, 'push-settings-phone');
    const state = await page.request.get('/api/push');
    expect(await state.json()).toMatchObject({ settings: { enabled: true, preview: false }, devices: 1 });

    // The page closes; once presence lets go of her, a private message reaches the device.
    await context.close();
    // The grace period starts when the server sees the socket go: moved past on each look.
    await expect
      .poll(async () => {
        site.server.clock.advance(3001);
        return (await presence().service.onlineUserIds([id])).has(id);
      })
      .toBe(false);
    const sender = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(sender, 'ماجد');
    const arrived = service.next(device);
    const sent = await sender.request.post('/api/private-messages/send', {
      data: { receiverId: id, content: 'مساء الخير' },
    });
    expect(sent.status()).toBe(200);
    expect(device.decrypt(await arrived)).toMatchObject({
      type: 'message',
      title: 'رسالة خاصة جديدة من \u2068ماجد\u2069',
      body: '',
      url: `/?pm=${await myId(sender)}`,
    });
    await push().queue.idle();
    expect(errors).toEqual([]);
    await sender.context().close();
  });

  it('offers push once, gently, after a first private message; «ليس الآن» is remembered', async () => {
    const device = service.subscription();
    const context = await withStubbedPush(DESKTOP, device);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'يوسف');
    await pickRoom(page, 'الغرفة العامة');
    const offer = page.getByRole('region', { name: 'اقتراح تفعيل الإشعارات' });
    // Not on page load.
    expect(await offer.count()).toBe(0);
    const id = await myId(page);
    const other = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(other, 'نادر');
    const say = (content: string) =>
      other.request.post('/api/private-messages/send', { data: { receiverId: id, content } });
    site.server.clock.advance(3000);
    expect((await say('أهلاً يوسف')).status()).toBe(200);
    await offer.waitFor();
    await offer.getByText('هل تريد أن تعرف بالرسائل الخاصة الجديدة حين تكون الدردشة مغلقة؟').waitFor();
    await animationsDone(page);
    await screenshot(page, 'push-offer-desktop');
    await offer.getByRole('button', { name: 'ليس الآن' }).click();
    await offer.waitFor({ state: 'detached' });
    site.server.clock.advance(3000);
    expect((await say('هل وصلتك رسالتي؟')).status()).toBe(200);
    await page.getByRole('button', { name: /^الرسائل الخاصة، رسالتان/ }).waitFor();
    expect(await offer.count()).toBe(0);
    expect(await calls(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await other.context().close();
  });

  it('«فعّل الإشعارات» in the offer subscribes the device (phone)', async () => {
    const device = service.subscription();
    const context = await withStubbedPush(PHONE, device);
    const page = await context.newPage();
    await enterAsVisitor(page, 'ريم', true);
    await pickRoom(page, 'الغرفة العامة');
    const other = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(other, 'خالد');
    site.server.clock.advance(3000);
    expect(
      (
        await other.request.post('/api/private-messages/send', {
          data: { receiverId: await myId(page), content: 'مرحباً' },
        })
      ).status(),
    ).toBe(200);
    const offer = page.getByRole('region', { name: 'اقتراح تفعيل الإشعارات' });
    await offer.getByText('هل تريدين أن تعرفي بالرسائل الخاصة الجديدة حين تكون الدردشة مغلقة؟').waitFor();
    await animationsDone(page);
    await screenshot(page, 'push-offer-phone');
    await offer.getByRole('button', { name: 'فعّلي الإشعارات' }).click();
    await offer.waitFor({ state: 'detached' });
    await expect.poll(() => calls(page)).toEqual(['requestPermission', 'subscribe:key']);
    await expect
      .poll(async () => ((await (await page.request.get('/api/push')).json()) as { devices: number }).devices)
      .toBe(1);

    // Signing out ends this device's subscription (a shared browser shows nobody else's).
    await page.getByRole('button', { name: 'الإعدادات' }).first().click();
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect.poll(() => calls(page)).toEqual(['requestPermission', 'subscribe:key', 'unsubscribe']);
    await context.close();
    await other.context().close();
  });

  it('a tapped notification’s address opens the conversation it names', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(page);
    const other = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await enterAsVisitor(other, 'وسيم');
    await enterAsVisitor(page, 'غادة', true);
    await pickRoom(page, 'الغرفة العامة');
    // What the service worker opens when no page is open: the chat at `/?pm=<sender>`.
    await page.goto(`/?pm=${await myId(other)}`);
    const box = page.getByTestId('private-box');
    await box.waitFor();
    await box.getByText('وسيم').first().waitFor();
    // Acted on once: the address no longer carries it.
    await expect.poll(() => new URL(page.url()).searchParams.has('pm')).toBe(false);
    await animationsDone(page);
    await screenshot(page, 'push-opened-conversation-phone');
    expect(errors).toEqual([]);
    await page.context().close();
    await other.context().close();
  });

  it('a tapped friend-request notification opens the bell’s panel, where it is accepted', async () => {
    const [asker, asked] = await Promise.all([aMember(site.server, 'طالب_صداقة'), aMember(site.server, 'مدعوة_صداقة')]);
    const requested = await fetch(`${site.server.url}/api/friends/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: asker.cookie, origin: site.server.url },
      body: JSON.stringify({ userId: asked.user.id }),
    });
    expect(requested.status).toBe(200);
    const context = await newContext(site.browser, site.server.url, PHONE);
    const [name, value] = asked.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: site.server.url }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await pickRoom(page, 'الغرفة العامة');
    // What the service worker opens for a friend request when no page is open (the room remembered).
    await page.goto('/?open=friend-requests');
    const panel = page.getByRole('dialog', { name: 'الإشعارات' });
    await panel.waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('open')).toBe(false);
    await animationsDone(page);
    await screenshot(page, 'push-opened-friend-requests-phone');
    await panel.getByRole('button', { name: 'قبول' }).click();
    await expect
      .poll(async () => {
        const res = await fetch(`${site.server.url}/api/friends`, { headers: { cookie: asked.cookie } });
        return JSON.stringify(await res.json());
      })
      .toContain('طالب_صداقة');
    expect(errors).toEqual([]);
    await context.close();
  });
});
