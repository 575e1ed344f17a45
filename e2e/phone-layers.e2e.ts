/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
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
    const errors = [...watchErrors(page), ...watchErrors(other)];
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
      if (round === 1) await screenshot(page, 'layers-private-front-phone');
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
    const errors = [...watchErrors(page), ...watchErrors(other)];
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
    await log.getByText('مرحبا من سامي').waitFor({ state: 'detached' });

    // Unignored from the card, still open: the hidden messages come back without a reload.
    await page.getByRole('dialog', { name: 'سامي' }).getByRole('button', { name: 'إلغاء التجاهل' }).click();
    await log.getByText('مرحبا من سامي').waitFor();
    expect(errors).toEqual([]);
  });
});
