/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/server/db/schema';
import { aMember } from '../src/server/testing/test-server';
import { searchTextOf } from '../src/shared/text/search';
import { sql } from 'drizzle-orm';
import {
  animationsDone,
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
const sheet = (page: Page) => page.getByRole('dialog', { name: /^البحث في/ });
const field = (page: Page) => sheet(page).getByRole('searchbox', { name: 'كلمات البحث' });

/** Stores room messages directly (older history than a page loads), each with its search text. */
async function storeInRoom(roomId: string, senderId: number, contents: string[]): Promise<number[]> {
  const rows = await site.server.app.database.db
    .insert(messages)
    .values(
      contents.map((content) => ({
        roomId,
        senderId,
        content,
        searchVector: sql`to_tsvector('simple', ${searchTextOf(content)})`,
        createdAt: new Date(site.server.clock.now()),
      })),
    )
    .returning({ id: messages.id });
  return rows.map((row) => row.id);
}

describe('searching messages in the browser', () => {
  it('phone: a message written «إحمد» is found by «أحمد», marked, and opened in its context', async () => {
    const writer = await aMember(site.server, 'كاتب_قديم');
    const [target] = await storeInRoom('general', writer.user.id, [
      'وصل إحمدُ إلى المدرسةِ متأخراً',
      ...Array.from({ length: 120 }, (_, i) => `رسالة عادية رقم ${i}`),
    ]);

    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'باحث الهاتف');
    await pickRoom(page, 'الغرفة العامة');
    // The old message is not among those the room loaded.
    await log(page).getByText('رسالة عادية رقم 119').waitFor();
    expect(await log(page).locator(`[data-message-id="${target}"]`).count()).toBe(0);

    await screenshot(page, 'search-header-phone');
    await page.getByRole('button', { name: 'البحث في الرسائل' }).click();
    await field(page).waitFor();
    // One letter is not enough: the hint says so and nothing is asked.
    await field(page).fill('أ');
    await sheet(page).getByText('اكتب حرفين على الأقل').waitFor();
    await field(page).fill('أحمد');
    const result = sheet(page).getByRole('button', { name: /انتقل إلى رسالة .?كاتب_قديم/ });
    await result.waitFor();
    // The match is marked on the text as written (with its damma), found through another spelling.
    expect(await result.locator('mark').allTextContents()).toEqual(['إحمدُ']);
    expect(await result.locator('mark').last().textContent()).toBe('إحمدُ');
    await animationsDone(page);
    await screenshot(page, 'search-results-phone');

    // Keyboard: the result is a button reached and pressed from the keyboard.
    await result.focus();
    await page.keyboard.press('Enter');
    const context = sheet(page).getByRole('list', { name: 'الرسالة في سياقها' });
    await context.waitFor();
    const found = context.locator(`[data-message-id="${target}"]`);
    await expect.poll(() => found.getAttribute('data-flash')).toBe('');
    expect(await found.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'search-context-phone');

    // Every control of the sheet is at least 44 px.
    for (const button of await sheet(page).getByRole('button').all()) {
      const box = await button.boundingBox();
      if (box) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await sheet(page).getByRole('button', { name: 'العودة إلى النتائج' }).click();
    await result.waitFor();
    await page.keyboard.press('Escape');
    await sheet(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('desktop: a result in the loaded history closes the sheet and marks the message in the room; private results open their conversation', async () => {
    const member = await aMember(site.server, 'باحثة_مكتب');
    const friend = await aMember(site.server, 'صديق_البحث');
    const context = await newContext(site.browser, site.server.url, DESKTOP);
    const [name, value] = member.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: site.server.url }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await pickRoom(page, 'الغرفة العامة');

    await send(page, 'مَرْحَبـــاً بالأصدقاء في مدرستنا');
    await log(page).getByText('مَرْحَبـــاً بالأصدقاء في مدرستنا').waitFor();
    await page.getByRole('button', { name: 'البحث في الرسائل' }).click();
    await field(page).fill('مرحبا مدرس');
    const result = sheet(page).getByRole('button', { name: /انتقل إلى رسالة .?باحثة_مكتب/ });
    await result.waitFor();
    expect(await result.locator('mark').allTextContents()).toEqual(['مَرْحَبـــاً', 'مدرس']);
    await animationsDone(page);
    await screenshot(page, 'search-results-desktop');
    await result.click();
    await sheet(page).waitFor({ state: 'detached' });
    const row = log(page).locator('[data-flash]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('بالأصدقاء في مدرستنا');
    await screenshot(page, 'search-jump-desktop');

    // Private messages: the panel's search finds one's own, whatever the spelling.
    const sent = await fetch(`${site.server.url}/api/private-messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: friend.cookie, origin: site.server.url },
      body: JSON.stringify({ receiverId: member.user.id, content: 'موعد الإجتماع غداً في المكتبة' }),
    });
    expect(sent.status).toBe(200);
    const { message } = (await sent.json()) as { message: { id: number } };
    await page.getByRole('button', { name: /^الرسائل الخاصة/ }).click();
    const panelSearch = page.getByRole('searchbox', { name: /البحث في المحادثات/ });
    await panelSearch.fill('اجتماع');
    const privateResult = page.getByRole('button', { name: /رسالة في المحادثة مع .?صديق_البحث/ });
    await privateResult.waitFor();
    expect(await privateResult.locator('mark').allTextContents()).toEqual(['إجتماع']);
    await animationsDone(page);
    await screenshot(page, 'search-private-desktop');
    await privateResult.click();
    const inBox = page.locator(`[data-testid="private-box"] [data-message-id="${message.id}"]`);
    await expect.poll(() => inBox.getAttribute('data-flash')).toBe('');
    await screenshot(page, 'search-private-jump-desktop');

    // Thirty later messages push it off the page the box opens on: the box reads back to it.
    await site.server.app.database.db.insert(messages).values(
      Array.from({ length: 30 }, (_, i) => ({
        isPrivate: true,
        senderId: friend.user.id,
        receiverId: member.user.id,
        content: `رسالة لاحقة ${i + 1}`,
        searchVector: sql`to_tsvector('simple', ${searchTextOf(`رسالة لاحقة ${i + 1}`)})`,
        createdAt: new Date(site.server.clock.now() + (i + 1) * 1000),
      })),
    );
    await page.reload();
    await page.getByRole('button', { name: /^الرسائل الخاصة/ }).click();
    await page.getByRole('searchbox', { name: /البحث في المحادثات/ }).fill('اجتماع');
    await privateResult.click();
    await expect.poll(() => inBox.getAttribute('data-flash'), { timeout: 10_000 }).toBe('');
    await page
      .locator('[data-testid="private-box"]')
      .getByText('رسالة لاحقة 30', { exact: true })
      .waitFor({ state: 'attached' });
    await screenshot(page, 'search-private-older-desktop');
    expect(errors).toEqual([]);
  });
});
