/// <reference lib="dom" />
import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { aMember, api, connect, joinRoom, type ClientSocket } from '../src/server/testing/test-server';
import { THEME_BASES, THEME_IDS, type ThemeId } from '../src/shared/themes/themes';
import { composer, DESKTOP, newContext, PHONE, screenshot, useSite, watchErrors } from './browser';
import { describeFailures, failing, measureContrast, type ContrastReading } from './contrast';

const site = useSite();

/** Where a reading was taken, per theme: the test reports the worst of each. */
type Region =
  | 'header'
  | 'rooms'
  | 'messages'
  | 'online'
  | 'composer'
  | 'settings'
  | 'toast'
  | 'moderation'
  | 'notifications'
  | 'phone'
  | 'phone rooms';

async function signedInPage(context: BrowserContext, cookie: string) {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: site.server.url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/chat/general');
  await composer(page).and(page.locator(':enabled')).waitFor({ timeout: 30_000 });
  return { page, errors };
}

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('every theme is readable (WCAG AA)', () => {
  it('walks the 18 themes: messages in the default and picked colours, names, rooms, composer, toasts, header, badges, panels', async () => {
    const { server } = site;
    const owner = await aMember(server, 'سلمى', 'owner');
    // A sender with a pale name colour (unreadable on light themes), a moderator whose name has an
    // effect, an admin with a gradient name whose first colour is too light for a light page.
    const sender = await aMember(server, 'نور', 'member');
    const moderator = await aMember(server, 'boss', 'moderator');
    const admin = await aMember(server, 'ألوان', 'admin');
    const { db } = server.app.database;
    await db.update(users).set({ usernameColor: '#fde047', gender: 'أنثى' }).where(eq(users.id, sender.user.id));
    await db
      .update(users)
      .set({ usernameColor: '#1e3a8a', usernameEffect: 'effect-star-burst' })
      .where(eq(users.id, moderator.user.id));
    await db
      .update(users)
      .set({ usernameGradient: 'linear-gradient(90deg, #ff0080, #7928ca)' })
      .where(eq(users.id, admin.user.id));

    const sockets: ClientSocket[] = [];
    const post = async (cookie: string, content: string, textColor: string) => {
      const socket = await connect(server.url, cookie);
      sockets.push(socket);
      await joinRoom(socket, 'general');
      const ack = await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content, textColor });
      expect(ack).toMatchObject({ message: { content } });
    };
    // The default colour (spec: #000000), palette colours dark and light, and a pale custom colour.
    await post(sender.cookie, 'رسالة باللون الافتراضي', '#000000');
    await post(sender.cookie, 'رسالة بالأحمر الداكن من اللوحة', '#7f1d1d');
    await post(sender.cookie, 'رسالة بالأزرق من اللوحة', '#1d4ed8');
    await post(sender.cookie, 'رسالة بلون أصفر فاتح', '#fde047');
    await post(moderator.cookie, 'رسالة من المشرف', '#6d28d9');
    await post(admin.cookie, 'رسالة من المدير', '#000000');
    // Badges: an unread private message and a friend request for the owner.
    const ownerId = owner.user.id;
    expect(
      (
        await api(server.url, '/api/private-messages/send', {
          body: { receiverId: ownerId, content: 'مرحباً', clientMessageId: 'themes-pm' },
          cookie: sender.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(server.url, '/api/friends/requests', { body: { userId: ownerId }, cookie: moderator.cookie })).status,
    ).toBe(200);

    const desktopContext = await newContext(site.browser, server.url, DESKTOP);
    const phoneContext = await newContext(site.browser, server.url, PHONE);
    const desktop = await signedInPage(desktopContext, owner.cookie);
    const phone = await signedInPage(phoneContext, owner.cookie);
    const page = desktop.page;
    // The owner's own message, in a palette colour chosen in the composer (kept for the typed text).
    await page.getByRole('button', { name: 'لون النص' }).click();
    await page.getByRole('radio', { name: 'اللون #7f1d1d' }).click();
    await composer(page).fill('رسالتي بالأحمر الداكن');
    await composer(page).press('Enter');
    await page.getByText('رسالتي بالأحمر الداكن').waitFor();
    // The live theme listener starts once the page is idle (at most 3 s).
    await page.waitForTimeout(3200);

    const worst = new Map<string, ContrastReading>();
    const failures: string[] = [];
    const check = async (theme: ThemeId, region: Region, root: Locator) => {
      await root.first().waitFor();
      const readings = await measureContrast(root.first());
      expect(readings.length, `${theme} ${region}: nothing measured`).toBeGreaterThan(0);
      for (const reading of readings) {
        const key = `${theme}|${region}`;
        const known = worst.get(key);
        if (!known || reading.ratio / reading.needs < known.ratio / known.needs) worst.set(key, reading);
      }
      const bad = describeFailures(readings);
      if (bad) failures.push(`— ${theme} / ${region}:\n${bad}`);
    };

    for (const theme of THEME_IDS) {
      // The owner picks the theme in the settings: the picker's toast says so.
      await page.getByRole('button', { name: /^الإعدادات/ }).click();
      const settings = page.getByRole('dialog', { name: 'الإعدادات' });
      await settings.getByRole('radio', { name: THEME_BASES[theme].name }).click();
      await expect.poll(() => themeOf(page)).toBe(theme);
      const toast = page.locator('[data-sonner-toast]', { hasText: THEME_BASES[theme].name });
      await toast.waitFor();
      await page.waitForTimeout(400);
      await check(theme, 'toast', toast);
      await check(theme, 'settings', settings);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
      // The toast closed too, so the next theme's is a new one (they share one slot, and a toast
      // does not hold the pointer: one left over would run out its time under the next).
      await toast
        .getByRole('button')
        .first()
        .click({ timeout: 2000 })
        .catch(() => undefined);
      await toast.waitFor({ state: 'detached' });

      await check(theme, 'header', page.locator('header').first());
      await check(theme, 'rooms', page.getByRole('complementary', { name: 'الغرف' }));
      await check(theme, 'messages', page.getByRole('log'));
      await check(theme, 'online', page.getByRole('complementary', { name: 'المتصلون الآن' }));
      await check(theme, 'composer', page.locator('form', { has: composer(page) }));
      await composer(page).fill('نص يكتبه المالك');
      await check(theme, 'composer', page.locator('form', { has: composer(page) }));
      await composer(page).fill('');

      await page.getByRole('button', { name: /^لوحة الإشراف/ }).click();
      const panel = page.getByRole('dialog', { name: 'لوحة الإشراف' });
      await panel.getByText('boss').first().waitFor();
      await check(theme, 'moderation', panel);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^الإشعارات/ }).click();
      const notifications = page.getByRole('dialog', { name: 'الإشعارات' });
      await notifications.getByText('boss').first().waitFor();
      await check(theme, 'notifications', notifications);
      await page.keyboard.press('Escape');
      await notifications.waitFor({ state: 'detached' });
      await screenshot(page, `themes-${theme}-desktop`);

      // The phone follows live.
      await expect.poll(() => themeOf(phone.page), { timeout: 6000 }).toBe(theme);
      await phone.page.waitForTimeout(300);
      await check(theme, 'phone', phone.page.locator('body'));
      await screenshot(phone.page, `themes-${theme}-phone`);
      await phone.page.getByRole('button', { name: 'فتح قائمة الغرف' }).click();
      const drawer = phone.page.getByRole('dialog', { name: 'الغرف' });
      await drawer
        .getByRole('button', { name: /الغرفة العامة/ })
        .first()
        .waitFor();
      await phone.page.waitForTimeout(300);
      await check(theme, 'phone rooms', drawer);
      await screenshot(phone.page, `themes-${theme}-phone-rooms`);
      await phone.page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    }

    // The figures, for the record: the weakest reading of each place in each theme.
    const table = THEME_IDS.map((theme) => {
      const cells = [...worst.entries()]
        .filter(([key]) => key.startsWith(`${theme}|`))
        .map(([key, r]) => `${key.split('|')[1]} ${r.ratio}`);
      return `${theme}: ${cells.join(', ')}`;
    });
    console.log(`[themes] weakest contrast per place:\n${table.join('\n')}`);
    expect(failures.join('\n'), 'every text reads at 4.5:1 (large text and icons 3:1)').toBe('');
    expect(failing([...worst.values()])).toEqual([]);
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    for (const socket of sockets) socket.close();
    await desktopContext.close();
    await phoneContext.close();
  }, 400_000);
});
