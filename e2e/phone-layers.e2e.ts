/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aPng } from '../src/server/testing/test-images';
import {
  animationsDone,
  composer,
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

const box = (page: Page) => page.getByTestId('private-box');

/** Whether what is drawn at the middle of `locator` belongs to it (nothing lies on top of it). */
function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && el.contains(hit);
  });
}

describe('phone layers', () => {
  it('card → «رسالة خاصة» from the online drawer brings the conversation to the front, twice; Back returns to the room', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const other = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(page, other);
    await enterAsVisitor(other, 'نسيم');
    await pickRoom(other, 'الغرفة العامة');
    await enterAsVisitor(page, 'رائد');
    await pickRoom(page, 'الغرفة العامة');

    for (const round of [1, 2]) {
      await page.getByRole('button', { name: 'عرض المتصلين' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: /نسيم/ }).first().click();
      const card = page.getByRole('dialog', { name: 'نسيم' });
      await card.getByRole('button', { name: 'رسالة خاصة' }).click();
      await box(page).waitFor();
      // The card and the drawer are gone, and the conversation is what a finger touches.
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await animationsDone(page);
      expect(await onTop(box(page).getByRole('textbox'))).toBe(true);
      if (round === 1) {
        await screenshot(page, 'layers-private-front-phone');
        // The private composer has the room composer's emoji and sticker button.
        await box(page).getByRole('button', { name: 'الرموز التعبيرية' }).click();
        const search = page.getByRole('searchbox', { name: 'ابحث عن رمز' });
        await search.fill('ملصقات قلب أحمر');
        await page.getByRole('button', { name: 'قلب أحمر :s42:' }).tap();
        const privateInput = box(page).getByRole('textbox');
        await expect.poll(() => privateInput.inputValue()).toBe(':s42: ');
        await privateInput.press('Enter');
        await box(page).getByRole('img', { name: ':s42:' }).waitFor();
        await screenshot(page, 'layers-private-sticker-phone');
      }
      // Back closes the conversation and leaves the reader in the room they were in.
      await page.goBack();
      await box(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/chat/general');
      await page.getByRole('textbox', { name: 'اكتب رسالتك' }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it("a toast leaves the header usable; ignoring hides someone's messages and unignoring brings them back; long links wrap at separators", async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const other = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(page, other);
    await enterAsVisitor(other, 'سامي');
    await pickRoom(other, 'الغرفة العامة');
    await enterAsVisitor(page, 'رنا', true);
    await pickRoom(page, 'الغرفة العامة');
    const log = page.getByRole('log');
    await send(other, 'مرحبا من سامي');
    await send(other, 'انظروا https://example.com/articles/2026/a-very-long-article-name?lang=ar&page=2');
    await log.getByText('مرحبا من سامي').waitFor();

    // The long link: every line it takes ends after a separator, never inside a word.
    const link = log.getByRole('link').last();
    await link.waitFor();
    const lineEnds = await link.evaluate((el) => {
      const ends: string[] = [];
      const range = document.createRange();
      let lastTop: number | null = null;
      let previous = '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (lastTop !== null && top > lastTop + 2) ends.push(previous);
          lastTop = top;
          previous = text[i]!;
        }
      }
      return ends;
    });
    expect(lineEnds.length).toBeGreaterThan(0);
    for (const end of lineEnds) expect('/.?&=#-_~').toContain(end);

    // Ignore from the card: a toast says so, and the header's buttons still answer a finger.
    await page.getByRole('button', { name: 'عرض المتصلين' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /سامي/ }).first().click();
    await page.getByRole('dialog', { name: 'سامي' }).getByRole('button', { name: 'تجاهل' }).click();
    const toast = page.locator('[data-sonner-toast]');
    await toast.first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'layers-toast-header-phone');
    // The toast lies below the header, never over its buttons.
    const header = (await page
      .locator('header')
      .filter({ has: page.locator('button[aria-label="عرض المتصلين"]') })
      .boundingBox())!;
    const shown = (await toast.first().boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    // Nor over anything else: its body lets a tap through to what lies beneath.
    const tapReaches = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-sonner-toast]') ?? null,
      { x: shown.x + shown.width / 2, y: shown.y + shown.height / 2 },
    );
    expect(tapReaches).toBeNull();
    await log.getByText('مرحبا من سامي').waitFor({ state: 'detached' });

    // Unignored from the card, still open: the hidden messages come back without a reload.
    await page.getByRole('dialog', { name: 'سامي' }).getByRole('button', { name: 'إلغاء التجاهل' }).click();
    await log.getByText('مرحبا من سامي').waitFor();
    expect(errors).toEqual([]);
  });

  it('pictures keep the reading position: followed at the bottom, a «رسائل جديدة» pill with a count when scrolled up', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const other = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const errors = watchErrors(page, other);
    await enterAsVisitor(other, 'مصوّر');
    await pickRoom(other, 'شات الأردن');
    await enterAsVisitor(page, 'قارئة', true);
    await pickRoom(page, 'شات الأردن');
    const scroller = page.getByRole('log').locator('xpath=..');
    const fromBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    const pictures = page.getByRole('log').getByRole('button', { name: /صورة من/ });

    // At the bottom: each tall picture that arrives is shown whole, the list following it down.
    for (const [n, colour] of [
      [1, '#be185d'],
      [2, '#15803d'],
      [3, '#1d4ed8'],
    ] as const) {
      await pasteImage(composer(other), await aPng(400, 800, colour));
      await pictures.nth(n - 1).waitFor();
      await expect
        .poll(() =>
          pictures
            .nth(n - 1)
            .locator('img')
            .evaluate((img) => (img as HTMLImageElement).complete),
        )
        .toBe(true);
      await expect.poll(fromBottom).toBeLessThan(4);
    }
    await screenshot(page, 'layers-pictures-followed-phone');

    // Scrolled up to read: what arrives does not move the reader, and the pill counts it.
    await scroller.evaluate((el) => el.scrollTo({ top: 40 }));
    const before = await scroller.evaluate((el) => el.scrollTop);
    await pasteImage(composer(other), await aPng(400, 800, '#b45309'));
    await composer(other).fill('وصلت الصورة؟');
    await composer(other).press('Enter');
    const pill = page.getByRole('button', { name: /الانتقال إلى آخر الرسائل/ });
    await pill.getByText(/رسالتان جديدتان/).waitFor();
    expect(Math.abs((await scroller.evaluate((el) => el.scrollTop)) - before)).toBeLessThan(4);
    await animationsDone(page);
    await screenshot(page, 'layers-new-messages-pill-phone');
    await pill.click();
    await expect.poll(fromBottom).toBeLessThan(4);
    expect(errors).toEqual([]);
  });

  it('sending too fast says so in Arabic with when to send again, and no message is left hanging', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'مستعجل');
    await pickRoom(page, 'شات عُمان');
    for (let i = 1; i <= 7; i++) await send(page, `رسالة سريعة رقم ${i}`);
    await page
      .getByText(/ترسل بسرعة كبيرة.*بعد/)
      .first()
      .waitFor();
    await animationsDone(page);
    await screenshot(page, 'layers-too-fast-phone');
    // The held ones go once the allowance is back: none stays at «جاري الإرسال…».
    await expect.poll(() => page.getByRole('log').getByText('جاري الإرسال').count(), { timeout: 30_000 }).toBe(0);
    await page.getByRole('log').getByText('رسالة سريعة رقم 7').waitFor();
    expect(errors).toEqual([]);
  });
});

/** Pastes a picture into a text box, as Ctrl+V with an image on the clipboard does. */
async function pasteImage(target: Locator, png: Buffer): Promise<void> {
  await target.evaluate((el, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
}
