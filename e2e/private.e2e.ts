/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aPng } from '../src/server/testing/test-images';
import {
  composer,
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

/** Pastes a picture into a text box, as Ctrl+V with an image on the clipboard does. */
async function pasteImage(target: Locator, png: Buffer): Promise<void> {
  await target.evaluate((el, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
}

/** Drops a picture on an element, as dragging a file from the desktop does. */
async function dropImage(target: Locator, png: Buffer): Promise<void> {
  await target.evaluate((el, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
}

async function myId(page: Page): Promise<number> {
  const res = await page.request.get('/api/auth/session');
  return ((await res.json()) as { user: { id: number } }).user.id;
}

const messagesButton = (page: Page) => page.getByRole('button', { name: /^الرسائل الخاصة/ });
const badge = (page: Page) => page.getByTestId('pm-unread-badge');
const box = (page: Page) => page.getByTestId('private-box');

describe('private messages', () => {
  it('A writes to B: B sees the badge, opens the conversation, both badges clear; a pasted picture opens in the lightbox', async () => {
    const aPage = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const bPage = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchErrors(aPage, bPage);
    await enterAsVisitor(aPage, 'أنور');
    await pickRoom(aPage, 'الغرفة العامة');
    await enterAsVisitor(bPage, 'بسمة', true);
    await pickRoom(bPage, 'الغرفة العامة');

    // A's first message (the user card's "private message" opens the same box; here it is sent directly).
    const sent = await aPage.request.post('/api/private-messages/send', {
      data: { receiverId: await myId(bPage), content: 'مرحباً يا بسمة، كيف حالك؟', clientMessageId: 'e2e-first' },
    });
    expect(sent.status()).toBe(200);

    // B: the header button says one unread message, and the panel lists the conversation.
    await bPage.getByRole('button', { name: 'الرسائل الخاصة، رسالة واحدة غير مقروءة' }).waitFor();
    expect(await badge(bPage).textContent()).toBe('1');
    await messagesButton(bPage).click();
    const row = bPage.getByRole('button', { name: /محادثة خاصة مع .أنور.، رسالة واحدة غير مقروءة/ });
    await row.waitFor();
    await screenshot(bPage, 'private-panel-phone');
    await row.click();
    await box(bPage).getByText('مرحباً يا بسمة، كيف حالك؟').waitFor();
    // Opened: B's badge is gone.
    await expect.poll(() => badge(bPage).count()).toBe(0);

    // B answers from the box; A's badge shows it.
    const bInput = box(bPage).getByRole('textbox');
    await bInput.fill('أهلاً أنور! بخير والحمد لله');
    await bInput.press('Enter');
    await box(bPage).getByText('أهلاً أنور! بخير والحمد لله').waitFor();
    await aPage.getByRole('button', { name: 'الرسائل الخاصة، رسالة واحدة غير مقروءة' }).waitFor();
    await messagesButton(aPage).click();
    await aPage.getByRole('button', { name: /محادثة خاصة مع .بسمة./ }).waitFor();
    await screenshot(aPage, 'private-panel-desktop');
    await aPage.getByRole('button', { name: /محادثة خاصة مع .بسمة./ }).click();
    await box(aPage).getByText('أهلاً أنور! بخير والحمد لله').waitFor();
    await expect.poll(() => badge(aPage).count()).toBe(0);
    // A's own message was read by B: it says so.
    const aFirst = box(aPage).locator('li', { hasText: 'مرحباً يا بسمة، كيف حالك؟' });
    await aFirst.getByText('قُرئت').waitFor({ state: 'attached' });

    // B sees A typing.
    await box(aPage).getByRole('textbox').pressSequentially('لحظة');
    await box(bPage).getByText('يكتب الآن…').waitFor();

    // A pastes a picture into the box: it arrives in B's, and opens full size in the lightbox.
    await box(aPage).getByRole('textbox').fill('');
    await pasteImage(box(aPage).getByRole('textbox'), await aPng(900, 600, '#0369a1'));
    const picture = box(bPage).getByRole('button', { name: /صورة من .أنور./ });
    await picture.waitFor();
    const thumb = picture.locator('img');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const size = (await picture.boundingBox())!;
    expect(Math.round((size.width / size.height) * 10) / 10).toBe(1.5);
    await screenshot(aPage, 'private-box-desktop');
    await screenshot(bPage, 'private-box-phone');

    await picture.click();
    const lightbox = bPage.getByRole('dialog', { name: /صورة من .أنور./ });
    await lightbox.waitFor();
    const full = lightbox.getByRole('img');
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
    await screenshot(bPage, 'private-lightbox-phone');
    await bPage.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    // Back closes the box on a phone, and the room is there again.
    await bPage.goBack();
    await box(bPage).waitFor({ state: 'detached' });
    await composer(bPage).waitFor();
    expect(errors).toEqual([]);
    await aPage.context().close();
    await bPage.context().close();
  });

  it('a picture pasted or dropped in a room reaches the other browser and opens in the lightbox', async () => {
    const aPage = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const bPage = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const errors = watchErrors(aPage, bPage);
    await enterAsVisitor(aPage, 'رامي');
    await pickRoom(aPage, 'شات الأردن');
    await enterAsVisitor(bPage, 'دانة', true);
    await pickRoom(bPage, 'شات الأردن');

    await pasteImage(composer(aPage), await aPng(400, 800, '#be185d'));
    const picture = bPage.getByRole('log').getByRole('button', { name: /صورة من .رامي./ });
    await picture.waitFor();
    const size = (await picture.boundingBox())!;
    expect(size.height).toBeGreaterThan(size.width);
    await picture.click();
    const lightbox = bPage.getByRole('dialog', { name: /صورة من .رامي./ });
    await lightbox.waitFor();
    await screenshot(bPage, 'room-lightbox-desktop');
    await lightbox.getByRole('button', { name: 'إغلاق' }).click();
    await lightbox.waitFor({ state: 'detached' });
    // A picture dropped on the message list goes too.
    await dropImage(bPage.getByRole('log'), await aPng(300, 300, '#15803d'));
    await aPage
      .getByRole('log')
      .getByRole('button', { name: /صورة من .دانة./ })
      .waitFor();
    await screenshot(aPage, 'room-image-phone');
    expect(errors).toEqual([]);
    await aPage.context().close();
    await bPage.context().close();
  });
});
