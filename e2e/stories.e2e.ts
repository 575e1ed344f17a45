/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aMember, type SignedInClient } from '../src/server/testing/test-server';
import { animationsDone, DESKTOP, newContext, PHONE, pickRoom, screenshot, useSite, watchErrors } from './browser';

const site = useSite();

/** A member's own browser, signed in with their session cookie, in the room picker. */
async function signedIn(member: SignedInClient, device: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const { url } = site.server;
  const context: BrowserContext = await newContext(site.browser, url, device);
  const [name, value] = member.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
  await pickRoom(page, 'الغرفة العامة');
  return page;
}

const strip = (page: Page) => page.getByRole('region', { name: 'الحالات' });

describe('stories', () => {
  it('one member posts a story; it appears live in the other’s strip, is watched full screen, and the author sees the viewer', async () => {
    const [rana, saeed] = await Promise.all([aMember(site.server, 'رنا'), aMember(site.server, 'سعيد')]);
    const author = await signedIn(rana, DESKTOP);
    const reader = await signedIn(saeed, PHONE);
    const errors = watchErrors(author, reader);

    // On the phone, the strip tops the people drawer.
    await reader.getByRole('button', { name: 'عرض المتصلين' }).click();
    await strip(reader).getByRole('button', { name: 'أضف حالة' }).first().waitFor();

    // She posts a text story from her own ring's +.
    await strip(author).getByRole('button', { name: 'أضف حالة' }).last().click();
    const composer = author.getByRole('dialog', { name: 'حالة جديدة' });
    await composer.getByRole('textbox', { name: 'نص الحالة' }).fill('صباح الورد على الجميع');
    await composer.getByRole('radio', { name: 'غروب' }).click();
    await animationsDone(author);
    await screenshot(author, 'stories-composer-desktop');
    await composer.getByRole('button', { name: 'انشر الحالة' }).click();
    await composer.waitFor({ state: 'detached' });
    await strip(author).getByRole('button', { name: 'حالتي (1)' }).waitFor();

    // Live, without a reload: her ring appears in his strip, coloured (unseen).
    const ring = strip(reader).getByRole('button', { name: 'حالات رنا، فيها جديد' });
    await ring.waitFor();
    await animationsDone(reader);
    await screenshot(reader, 'stories-strip-phone');
    await screenshot(author, 'stories-strip-desktop');

    await ring.click();
    const viewer = reader.getByTestId('story-viewer');
    await viewer.getByText('صباح الورد على الجميع').waitFor();
    await viewer.getByRole('group', { name: 'تفاعل مع الحالة' }).waitFor();
    // Typing a reply pauses the story; the reply and a heart reach her as private messages.
    const reply = viewer.getByRole('textbox', { name: 'رد على الحالة' });
    await reply.fill('وعليك الورد!');
    await screenshot(reader, 'stories-viewer-phone');
    await reply.press('Enter');
    await reader.getByText('أُرسل إلى صاحب الحالة في الرسائل الخاصة').waitFor();
    await viewer.getByRole('button', { name: 'قلب' }).click();
    await reader.getByText('وصل تفاعلك إلى صاحب الحالة').waitFor();
    await reader.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Seen: the ring is quiet now.
    await strip(reader).getByRole('button', { name: 'حالات رنا', exact: true }).waitFor();

    // She opens her own story and sees who watched it.
    await strip(author).getByRole('button', { name: 'حالتي (1)' }).click();
    const own = author.getByTestId('story-viewer');
    await own.getByRole('button', { name: /المشاهدون/ }).click();
    await own.getByRole('region', { name: 'المشاهدون' }).getByText('سعيد').waitFor();
    await animationsDone(author);
    await screenshot(author, 'stories-viewer-desktop');
    await author.keyboard.press('Escape');
    await own.waitFor({ state: 'detached' });

    // The conversation shows the story each message answers.
    await author.getByRole('button', { name: /^الرسائل الخاصة/ }).click();
    await author.getByRole('button', { name: /محادثة خاصة مع .سعيد./ }).click();
    const box = author.getByTestId('private-box');
    await box.getByText('وعليك الورد!').waitFor();
    await expect.poll(() => box.locator('[data-story-attachment]').count()).toBe(2);
    await box.getByText('ردّ على حالة').waitFor();
    await box.getByText('تفاعل مع حالة').waitFor();
    await animationsDone(author);
    await screenshot(author, 'stories-private-message-desktop');

    expect(errors).toEqual([]);
    await author.context().close();
    await reader.context().close();
  });
});
