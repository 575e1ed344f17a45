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
});
