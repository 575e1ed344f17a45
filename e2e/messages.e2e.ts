/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/server/db/schema';
import { aMember } from '../src/server/testing/test-server';
import {
  composer,
  DESKTOP,
  enterAsVisitor,
  newContext,
  nextFrames,
  PHONE,
  pickRoom,
  screenshot,
  send,
  useSite,
  watchErrors,
} from './browser';

const site = useSite();

async function enterRoom(page: Page, name: string, roomName: string, female = false): Promise<void> {
  await enterAsVisitor(page, name, female);
  await pickRoom(page, roomName);
}

const log = (page: Page) => page.getByRole('log');

/** 45 messages in a room from two members, over three days (so the day separators show). */
async function seedHistory(roomId: string, names: [string, string]): Promise<void> {
  const [rawi, reem] = await Promise.all([aMember(site.server, names[0]), aMember(site.server, names[1])]);
  // "Today" must hold all ten of today's messages even just after midnight (the browser shares
  // this machine's time zone): they may then lie up to 45 minutes ahead of the clock.
  const now = Math.max(Date.now(), new Date().setHours(0, 46, 0, 0));
  const day = 24 * 60 * 60 * 1000;
  await site.server.app.database.db.insert(messages).values(
    Array.from({ length: 45 }, (_, i) => ({
      roomId,
      senderId: i % 4 === 3 ? reem.user.id : rawi.user.id,
      content: `رسالة ${i + 1}`,
      // 1–20 three days ago, 21–35 yesterday, 36–45 today; a minute apart within a day.
      createdAt: new Date(now - (i < 20 ? 3 * day : i < 35 ? day : 0) - (45 - i) * 60_000),
    })),
  );
}

/** Texts of the seeded messages the list shows, in order. */
function seededShown(page: Page): Promise<string[]> {
  return log(page)
    .locator('p[dir="auto"]')
    .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? '').filter((t) => /^رسالة \d+$/.test(t)));
}

describe('reading a long conversation', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('on a %s: scrolls back page by page to the first message, keeping the place', async (label, device) => {
    const roomId = label === 'phone' ? 'tunisia' : 'sudan';
    const roomName = label === 'phone' ? 'شات تونس' : 'شات السودان';
    await seedHistory(roomId, label === 'phone' ? ['راوي', 'ريم'] : ['حاكي', 'ندى']);
    const page = await (await newContext(site.browser, site.server.url, device)).newPage();
    const errors = watchErrors(page);
    await enterRoom(page, label === 'phone' ? 'قارئ' : 'قارئة', roomName, label === 'desktop');
    await log(page).getByText('رسالة 45', { exact: true }).waitFor();
    await log(page).getByText('اليوم', { exact: true }).waitFor();
    await screenshot(page, `messages-latest-${label}`);
    // A one-line message under its sender's header costs one line, its reactions beside it: the
    // phone shows twice the conversation it did when they took a line of their own.
    const pitches = await log(page)
      .locator('li:not([data-head])', { has: page.locator('p[dir="auto"]', { hasText: /^رسالة \d+$/ }) })
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(pitches.length).toBeGreaterThan(3);
    for (const pitch of pitches) expect(pitch).toBeLessThanOrEqual(32);

    const scroller = log(page).locator('xpath=..');
    for (let round = 0; round < 10; round++) {
      if (await log(page).getByText('بداية المحادثة').count()) break;
      // Wait until no page is loading, so the next one starts from a still list.
      await expect.poll(() => page.locator('[aria-busy]').count()).toBe(0);
      const before = await seededShown(page);
      const anchor = log(page).getByText(before[0]!, { exact: true });
      await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
      const yBefore = (await anchor.boundingBox())!.y;
      await expect.poll(async () => (await seededShown(page)).length, { timeout: 5000 }).toBeGreaterThan(before.length);
      // The message that was at the top stays where it was: the new page went above it.
      await nextFrames(page);
      const yAfter = (await anchor.boundingBox())!.y;
      expect(Math.abs(yAfter - yBefore)).toBeLessThan(4);
    }
    await log(page).getByText('بداية المحادثة').waitFor();
    const all = await seededShown(page);
    expect(all).toEqual(Array.from({ length: 45 }, (_, i) => `رسالة ${i + 1}`));
    await log(page).getByText('أمس', { exact: true }).first().waitFor();
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await screenshot(page, `messages-start-${label}`);

    // Back to the latest in one step.
    await page.getByRole('button', { name: /الانتقال إلى آخر الرسائل/ }).click();
    await expect.poll(() => log(page).getByText('رسالة 45', { exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('messages in Arabic, right to left', () => {
  it('agrees in gender, keeps stickers on the sender side, opens links in a new tab', async () => {
    const desktop = await newContext(site.browser, site.server.url, DESKTOP);
    const ahmed = await desktop.newPage();
    const salma = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(ahmed, salma);
    await enterRoom(ahmed, 'Ahmed', 'شات ليبيا');

    // The empty composer is right-to-left; typed text follows its own direction.
    expect(await composer(ahmed).getAttribute('dir')).toBe('rtl');
    // The chosen colour and bold are for the text, never the placeholder.
    await ahmed.getByRole('button', { name: 'خط عريض' }).click();
    await ahmed.getByRole('button', { name: 'لون النص' }).click();
    await ahmed.getByRole('radio', { name: 'اللون #7f1d1d' }).click();
    const looks = (pseudo: string | null) =>
      composer(ahmed).evaluate((el, p) => {
        const style = getComputedStyle(el, p);
        return [style.color, style.fontWeight];
      }, pseudo);
    await expect.poll(() => looks(null)).toEqual(['rgb(127, 29, 29)', '700']);
    const placeholder = await looks('::placeholder');
    expect(placeholder[0]).not.toBe('rgb(127, 29, 29)');
    expect(placeholder[1]).toBe('400');
    await composer(ahmed).fill('hello');
    expect(await composer(ahmed).getAttribute('dir')).toBe('auto');
    await composer(ahmed).fill('س'.repeat(1012));
    await ahmed.getByText('زائد 12 حرفاً').waitFor();
    await composer(ahmed).fill('');

    await enterRoom(salma, 'سلمى', 'شات ليبيا', true);
    const joined = log(ahmed).locator('li', { hasText: 'سلمى' }).filter({ hasText: 'الغرفة' });
    await expect.poll(() => joined.textContent()).toBe('سلمى دخلت الغرفة');
    // The settings switch hides join and leave notices, and shows them again.
    await ahmed.getByRole('button', { name: /الإعدادات/ }).click();
    const notices = ahmed
      .getByRole('dialog', { name: 'الإعدادات' })
      .getByRole('switch', { name: /رسائل الدخول والخروج/ });
    await notices.click();
    await expect.poll(() => joined.count()).toBe(0);
    await notices.click();
    await ahmed.keyboard.press('Escape');
    await expect.poll(() => joined.textContent()).toBe('سلمى دخلت الغرفة');

    await composer(salma).pressSequentially('أهلاً');
    await ahmed.getByText('سلمى تكتب...').waitFor();

    const target = `${site.server.url}/privacy?from=chat&section=${'a'.repeat(40)}`;
    await send(salma, `اقرأ الشروط هنا: ${target}، ثم ارجع`);
    await send(salma, ':s3:');
    await send(salma, '2026');
    await send(salma, `${site.server.url}/terms`);
    const raw = '<b>ليس عريضاً</b> www.example.com javascript:alert(1) ftp://example.com';
    await send(salma, raw);
    await send(salma, 'نص عربي عادي');
    await log(ahmed).getByText('نص عربي عادي').waitFor();
    // Only http(s) links become markup: tags, bare hosts and other schemes stay text.
    const plain = log(ahmed).locator('p[dir="auto"]', { hasText: 'ليس عريضاً' });
    expect(await plain.textContent()).toBe(raw);
    expect(await plain.locator('b, a').count()).toBe(0);

    const link = log(ahmed).getByRole('link', { name: /privacy/ });
    expect(await link.getAttribute('href')).toBe(target);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect((await link.textContent())!.endsWith('…')).toBe(true);
    const [tab] = await Promise.all([desktop.waitForEvent('page'), link.click()]);
    await tab!.waitForURL(/\/privacy/);
    await tab!.close();

    // A sticker alone, a number alone and a bare link sit at the row's start (right), like the
    // sender's Arabic text, on both screens.
    for (const page of [ahmed, salma]) {
      const textBox = (await log(page).getByText('نص عربي عادي').boundingBox())!;
      const rightOf = async (locator: ReturnType<Page['locator']>) => {
        await locator.waitFor();
        const box = (await locator.boundingBox())!;
        return box.x + box.width;
      };
      const alone = [
        log(page).getByRole('img', { name: ':s3:' }),
        log(page).getByText('2026', { exact: true }),
        log(page).locator('p', { has: page.getByRole('link', { name: /\/terms/ }) }),
      ];
      for (const locator of alone)
        expect(Math.abs((await rightOf(locator)) - (textBox.x + textBox.width))).toBeLessThan(3);
    }

    // On the phone too, a link opens in a new tab and leaves the room where it was.
    const phoneLink = log(salma).getByRole('link', { name: /\/terms/ });
    expect(await phoneLink.getAttribute('target')).toBe('_blank');
    const [phoneTab] = await Promise.all([salma.context().waitForEvent('page'), phoneLink.tap()]);
    await phoneTab!.waitForURL(/\/terms$/);
    await phoneTab!.close();
    expect(new URL(salma.url()).pathname).toBe('/chat/libya');
    await screenshot(ahmed, 'messages-arabic-desktop');
    await screenshot(salma, 'messages-arabic-phone');
    expect(errors).toEqual([]);
    await desktop.close();
    await salma.context().close();
  });
});
