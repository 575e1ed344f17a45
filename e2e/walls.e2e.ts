/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aMember } from '../src/server/testing/test-server';
import { animationsDone, DESKTOP, newContext, PHONE, pickRoom, screenshot, useSite, watchErrors } from './browser';

const site = useSite();

/** A member's browser (their session cookie), in the general room. */
async function member(username: string, device: typeof PHONE | typeof DESKTOP) {
  const { url } = site.server;
  const who = await aMember(site.server, username);
  const context = await newContext(site.browser, url, device);
  const [name, value] = who.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await pickRoom(page, 'الغرفة العامة');
  return { page, errors };
}

/** Opens the walls tab: in the side column on a desktop, in the people sheet on a phone. */
async function openWalls(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'عرض المتصلين' }).click();
  const scope = phone ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'المتصلون الآن' });
  await scope.getByRole('tab', { name: 'الحوائط' }).click();
  await scope.getByRole('tab', { name: 'عام', selected: true }).waitFor();
  return scope;
}

const postWith = (scope: ReturnType<Page['getByRole']>, text: string) => scope.locator('article', { hasText: text });

describe('walls', () => {
  it('a member posts a picture on the public wall; another sees it live, reacts and comments', async () => {
    const poster = await member('رهف', PHONE);
    const viewer = await member('يوسف', DESKTOP);
    const posterWalls = await openWalls(poster.page, true);
    const viewerWalls = await openWalls(viewer.page, false);
    await viewerWalls.getByText('لا منشورات بعد').waitFor();

    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer();
    await posterWalls.getByRole('textbox', { name: 'منشور جديد' }).fill('غروب اليوم من الشرفة');
    await posterWalls
      .locator('input[type=file]')
      .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: picture });
    await posterWalls.getByRole('button', { name: 'إزالة الصورة' }).waitFor();
    await posterWalls.getByRole('button', { name: 'نشر' }).click();
    await postWith(posterWalls, 'غروب اليوم من الشرفة').waitFor();

    // Live on the other member's wall, with the picture.
    const seen = postWith(viewerWalls, 'غروب اليوم من الشرفة');
    await seen.waitFor();
    const thumb = seen.getByRole('button', { name: /صورة من/ }).locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // A heart from the viewer: both see the count.
    await seen.getByRole('button', { name: 'قلب: 0' }).click();
    await seen.getByRole('button', { name: 'قلب: 1' }).waitFor();
    expect(await seen.getByRole('button', { name: 'قلب: 1' }).getAttribute('aria-pressed')).toBe('true');
    const mine = postWith(posterWalls, 'غروب اليوم من الشرفة');
    await mine.getByRole('button', { name: 'قلب: 1' }).waitFor();
    expect(await mine.getByRole('button', { name: 'قلب: 1' }).getAttribute('aria-pressed')).toBe('false');

    // A comment from the viewer reaches the poster's open comments.
    await mine.getByRole('button', { name: /تعليق/ }).click();
    await mine.getByText('لا تعليقات بعد').waitFor();
    await seen.getByRole('button', { name: /تعليق/ }).click();
    await seen.getByRole('textbox', { name: 'تعليقك' }).fill('ما أجمل الألوان!');
    await seen.getByRole('button', { name: 'إرسال' }).click();
    await mine.getByText('ما أجمل الألوان!').waitFor();
    await mine.getByRole('button', { name: 'تعليق واحد' }).waitFor();

    await animationsDone(viewer.page);
    await screenshot(viewer.page, 'walls-post-comments-desktop');
    await animationsDone(poster.page);
    await screenshot(poster.page, 'walls-post-comments-phone');
    await mine.getByRole('button', { name: 'تعليق واحد' }).click();
    await poster.page.evaluate(() => document.querySelector('[role=tabpanel] [role=tabpanel]')?.scrollTo(0, 0));
    await screenshot(poster.page, 'walls-tab-phone');

    // The picture opens full size in the lightbox.
    await seen.getByRole('button', { name: /صورة من/ }).click();
    await viewer.page.getByRole('dialog').getByRole('img').first().waitFor();
    await viewer.page.keyboard.press('Escape');
    await screenshot(viewer.page, 'walls-tab-desktop');

    expect([...poster.errors, ...viewer.errors]).toEqual([]);
  });
});
