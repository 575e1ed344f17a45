/// <reference lib="dom" />
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../src/server/db/schema';
import { aMember, api, type SignedInClient } from '../src/server/testing/test-server';
import type { Role } from '../src/shared/roles';
import {
  composer,
  composerReady,
  DESKTOP,
  enterAsVisitor,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  useSite,
  watchErrors,
} from './browser';

const site = useSite();
type Device = typeof PHONE | typeof DESKTOP;

/** A signed-in browser (the member's session cookie) at `address`, and its page errors. */
async function signedIn(member: SignedInClient, device: Device, address = '/chat/general') {
  const { url } = site.server;
  const context = await newContext(site.browser, url, device);
  const [name, value] = member.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(address);
  return { page, errors, context };
}

const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
  site.server.app.database.db.update(users).set(values).where(eq(users.id, id));

/** Lets a toast, a sheet or a dialog finish moving in before a screenshot. */
const settled = (page: Page) => page.waitForTimeout(500);

describe('words and states', () => {
  it('the settings name each person’s real role: owner, admin, moderator, member, visitor', async () => {
    const roles: [Role, string, Device][] = [
      ['owner', 'المالك', DESKTOP],
      ['admin', 'مدير', DESKTOP],
      ['moderator', 'مشرف', PHONE],
      ['member', 'عضو', PHONE],
    ];
    for (const [role, label, device] of roles) {
      const member = await aMember(site.server, `صاحب رتبة ${role.length}${label.length}`, role);
      const { page, errors, context } = await signedIn(member, device);
      await composerReady(page);
      await page.getByRole('button', { name: /^الإعدادات/ }).click();
      const sheet = page.getByRole('dialog', { name: 'الإعدادات' });
      const account = sheet.getByRole('region', { name: 'حسابك' });
      await account.getByText(label, { exact: true }).waitFor();
      if (role !== 'member') expect(await account.getByText('عضو', { exact: true }).count()).toBe(0);
      await settled(page);
      await screenshot(page, `words-settings-${role}-${device === PHONE ? 'phone' : 'desktop'}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    const visitor = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    await enterAsVisitor(visitor, 'زائر الإعدادات');
    await pickRoom(visitor, 'الغرفة العامة');
    await visitor.getByRole('button', { name: /^الإعدادات/ }).click();
    await visitor
      .getByRole('dialog', { name: 'الإعدادات' })
      .getByRole('region', { name: 'حسابك' })
      .getByText('زائر', { exact: true })
      .waitFor();
    await visitor.context().close();
  });

  it('a woman reads her notices in the feminine: the mute notice, then the kick overlay', async () => {
    const moderator = await aMember(site.server, 'ليلى الحارسة', 'moderator');
    const hala = await aMember(site.server, 'هالة');
    await setUser(hala.user.id, { gender: 'أنثى' });
    const { page, errors, context } = await signedIn(hala, PHONE);
    await composerReady(page);

    const muted = await api(site.server.url, '/api/moderation/mute', {
      body: { targetId: hala.user.id, durationMinutes: 10 },
      cookie: moderator.cookie,
    });
    expect(muted.status).toBe(200);
    const notice = page.getByRole('status').filter({ hasText: 'مكتومة' });
    await notice.getByText(/^أنتِ مكتومة حتى/).waitFor();
    await notice.getByText('تستطيعين قراءة الرسائل، والكتابة تعود تلقائياً عند انتهاء المدة.').waitFor();
    expect(await notice.textContent()).not.toMatch(/تستطيع قراءة/);
    await settled(page);
    await screenshot(page, 'words-muted-woman-phone');

    const kicked = await api(site.server.url, '/api/moderation/kick', {
      body: { targetId: hala.user.id, durationMinutes: 5 },
      cookie: moderator.cookie,
    });
    expect(kicked.status).toBe(200);
    const overlay = page.getByRole('alertdialog', { name: 'تم طردك من الدردشة' });
    await overlay.getByText(/ستعودين إلى الصفحة الرئيسية/).waitFor();
    await settled(page);
    await screenshot(page, 'words-kicked-woman-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a name with a staff effect is read once (by screen readers, and as the page’s text)', async () => {
    const boss = await aMember(site.server, 'boss', 'moderator');
    await setUser(boss.user.id, { usernameEffect: 'effect-calm-blue' });
    const viewer = await aMember(site.server, 'قارئة الشاشة');
    const bossPage = await signedIn(boss, DESKTOP);
    await composerReady(bossPage.page);
    await composer(bossPage.page).fill('مرحباً بالجميع');
    await composer(bossPage.page).press('Enter');
    const { page, errors, context } = await signedIn(viewer, DESKTOP);
    await page.getByRole('log').getByText('مرحباً بالجميع').waitFor();
    const names = page.locator('.username--effect');
    await expect.poll(() => names.count()).toBeGreaterThanOrEqual(2);
    // What select-to-speak, copying and find-in-page read: the name once.
    for (const text of await names.evaluateAll((all) => all.map((el) => (el as HTMLElement).innerText.trim())))
      expect(text).toBe('boss');
    // What Chromium gives screen readers: no name says it twice.
    const cdp = await context.newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; name?: { value?: unknown } }[];
    };
    const spoken = nodes.filter((n) => !n.ignored).map((n) => String(n.name?.value ?? ''));
    expect(spoken.filter((name) => name.includes('boss')).length).toBeGreaterThan(0);
    expect(spoken.filter((name) => /boss\s*boss/.test(name))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await bossPage.context.close();
  });

  it('a framed and crowned avatar sits whole inside the header, desktop and phone', async () => {
    const owner = await aMember(site.server, 'صاحبة الإطار', 'owner');
    await setUser(owner.user.id, { profileFrame: 'frame10', profileTag: '3' });
    for (const [device, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, errors, context } = await signedIn(owner, device);
      await composerReady(page);
      // Still frames (frame 10 floats otherwise), loaded, so the edges can be measured.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const avatar = page.locator('header .avatar').first();
      await expect
        .poll(() => avatar.locator('.avatar-frame, .avatar-tag[data-loaded]').count(), { timeout: 10_000 })
        .toBe(2);
      const edges = await avatar.evaluate((element) => {
        const header = element.closest('header')!.getBoundingClientRect();
        return [...element.querySelectorAll('.avatar-picture, .avatar-frame, .avatar-tag')].map((part) => {
          const box = part.getBoundingClientRect();
          return { part: part.className, above: box.top - header.top, below: header.bottom - box.bottom };
        });
      });
      for (const edge of edges) {
        expect(edge.above, `${label} ${edge.part} top`).toBeGreaterThanOrEqual(2);
        expect(edge.below, `${label} ${edge.part} bottom`).toBeGreaterThanOrEqual(2);
      }
      const box = (await avatar.boundingBox())!;
      await page.screenshot({
        path: `test-results/screenshots/words-header-avatar-${label}.png`,
        clip: { x: Math.max(0, box.x - 60), y: 0, width: box.width + 120, height: 64 },
      });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a locked room is not suggested to a visitor who cannot enter it', async () => {
    const owner = await aMember(site.server, 'مالكة الأقفال', 'owner');
    // The Cairo page suggests its own room, the Cairo room: locked, it is not suggested.
    const locked = await api(site.server.url, '/api/rooms/egypt-cairo/lock', {
      method: 'PUT',
      body: { isLocked: true },
      cookie: owner.cookie,
    });
    expect(locked.status).toBe(200);
    for (const device of [PHONE, DESKTOP]) {
      const page = await (await newContext(site.browser, site.server.url, device)).newPage();
      const errors = watchErrors(page);
      await page.goto('/egypt/cairo');
      await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
      await page.getByLabel('الاسم المستعار').fill(device === PHONE ? 'زائر القاهرة' : 'زائرة القاهرة');
      await page.getByRole('button', { name: 'ادخل الدردشة' }).click();
      await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
      await page.getByText('شات مصر').first().waitFor();
      expect(await page.getByText('مقترحة لك').count()).toBe(0);
      await settled(page);
      await screenshot(page, `words-locked-not-suggested-${device === PHONE ? 'phone' : 'desktop'}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    await api(site.server.url, '/api/rooms/egypt-cairo/lock', {
      method: 'PUT',
      body: { isLocked: false },
      cookie: owner.cookie,
    });
  });

  it('the tab names the room, follows a change of room, and keeps the unread count in front', async () => {
    const reader = await aMember(site.server, 'قارئ العناوين');
    const writer = await aMember(site.server, 'كاتب العناوين');
    const { page, errors, context } = await signedIn(reader, DESKTOP);
    await composerReady(page);
    await expect.poll(() => page.title()).toBe('الغرفة العامة — مجلس');
    await page
      .getByRole('complementary', { name: 'الغرف' })
      .getByRole('button', { name: /^شات مصر/ })
      .click();
    await composerReady(page);
    await expect.poll(() => page.title()).toBe('شات مصر — مجلس');
    // A friend request: one unread notification, counted in front of the room's name.
    const asked = await api(site.server.url, '/api/friends/requests', {
      body: { userId: reader.user.id },
      cookie: writer.cookie,
    });
    expect(asked.status).toBe(200);
    await expect.poll(() => page.title()).toBe('(1) شات مصر — مجلس');
    await page
      .getByRole('complementary', { name: 'الغرف' })
      .getByRole('button', { name: /^الغرفة العامة/ })
      .click();
    await composerReady(page);
    await expect.poll(() => page.title()).toBe('(1) الغرفة العامة — مجلس');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the emoji page: the copy toast shows the code as written, and the credit line keeps its order', async () => {
    for (const [device, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(site.browser, site.server.url, device);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/emojis');
      // The page is server-rendered: its buttons answer once the script has hydrated it.
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'نسخ الكود :) (ابتسامة)' }).click();
      const toast = page.locator('[data-sonner-toast]', { hasText: 'تم نسخ الكود' });
      await toast.waitFor();
      await settled(page);
      // Where each character is drawn: «:» left of «)», as typed, not mirrored into «(:».
      const order = (container: string, first: string, second: string) =>
        page
          .locator(container)
          .first()
          .evaluate(
            (element, [a, b]) => {
              const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
              const at = (needle: string) => {
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                  const index = node.textContent!.indexOf(needle);
                  if (index < 0) continue;
                  const range = document.createRange();
                  range.setStart(node, index);
                  range.setEnd(node, index + needle.length);
                  walker.currentNode = element;
                  return range.getBoundingClientRect().left;
                }
                walker.currentNode = element;
                return Number.NaN;
              };
              return at(a!) < at(b!);
            },
            [first, second],
          );
      expect(await order('[data-sonner-toast]', ':', ')')).toBe(true);
      await screenshot(page, `words-emoji-toast-${label}`);
      // The credit: «© Twitter, Inc» reads left to right, inside its brackets.
      const credit = page.locator('p', { hasText: 'Twemoji' }).last();
      await credit.scrollIntoViewIfNeeded();
      expect(await order('main p:has-text("Twemoji") >> nth=-1', '©', 'Twitter')).toBe(true);
      expect(await order('main p:has-text("Twemoji") >> nth=-1', 'Twitter', 'Inc')).toBe(true);
      await credit.screenshot({ path: `test-results/screenshots/words-emoji-credit-${label}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('private messages from one person are one notification, counted, beside another person’s', async () => {
    const reader = await aMember(site.server, 'قارئة الرسائل');
    const sami = await aMember(site.server, 'سامي');
    const noor = await aMember(site.server, 'نورة');
    const { page, errors, context } = await signedIn(reader, PHONE);
    await composerReady(page);
    for (const [from, n] of [
      [sami, 3],
      [noor, 1],
    ] as const)
      for (let i = 0; i < n; i++) {
        const sent = await api(site.server.url, '/api/private-messages/send', {
          body: {
            receiverId: reader.user.id,
            content: `رسالة ${i + 1}`,
            clientMessageId: `group-${from.user.id}-${i}`,
          },
          cookie: from.cookie,
        });
        expect(sent.status).toBe(200);
      }
    // Two people wrote: two unread notifications, in the bell and in the tab's title.
    await page.getByRole('button', { name: 'الإشعارات: إشعاران غير مقروءين' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(2\) /);
    await page.getByRole('button', { name: /^الإشعارات/ }).click();
    const panel = page.getByRole('dialog', { name: 'الإشعارات' });
    const items = panel.getByRole('list', { name: 'الإشعارات' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    await panel.getByText(/3 رسائل خاصة من .سامي./).waitFor();
    await panel.getByText(/رسالة خاصة من .نورة./).waitFor();
    await settled(page);
    await screenshot(page, 'words-pm-notifications-grouped-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
