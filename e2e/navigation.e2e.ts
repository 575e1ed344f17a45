/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aMember } from '../src/server/testing/test-server';
import { DESKTOP, newContext, nextFrames, PHONE, screenshot, submitVisitorForm, useSite, watchErrors } from './browser';

const site = useSite();

const PICKER = 'اختر غرفة للدردشة';
const COMPOSER = 'اكتب رسالتك';

async function enterAsVisitor(page: Page, name: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
  await submitVisitorForm(page, name);
}

async function inRoom(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: COMPOSER }).and(page.locator(':enabled')).waitFor();
}

async function pickGeneral(page: Page): Promise<void> {
  await page.getByRole('heading', { name: PICKER }).waitFor();
  const card = page.getByRole('button', { name: 'دخول الغرفة العامة' });
  if (await card.count()) await card.click();
  else
    await page
      .getByRole('button', { name: /الغرفة العامة/ })
      .first()
      .click();
  await inRoom(page);
}

/** The controls on screen smaller than 44 px either way (touch targets), by name and size. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="switch"], input, textarea')]
      .filter((el) => el.checkVisibility())
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      // On screen, and not a visually hidden one (a file input, an unfocused skip link).
      .filter(({ box }) => box.width > 1 && box.bottom > 0 && box.top < innerHeight)
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${box.width}×${box.height}`),
  );
}

describe('moving around the chat like an app', () => {
  it('on a phone, Back closes the drawer, then returns to the picker; a room address reloads into its room', async () => {
    const phone = await newContext(site.browser, site.server.url, PHONE);
    const page = await phone.newPage();
    const errors = watchErrors(page);

    await enterAsVisitor(page, 'ليلى');
    await page
      .getByRole('button', { name: /الغرفة العامة/ })
      .first()
      .waitFor();
    await screenshot(page, 'nav-picker-phone');
    expect(await smallControls(page)).toEqual([]);
    // Rooms first: the statistics take one short row, and the first rooms show without scrolling.
    const stats = (await page.getByRole('definition').first().locator('xpath=../..').boundingBox())!;
    expect(stats.height).toBeLessThanOrEqual(56);
    const thirdRoom = (await page.getByRole('main').getByRole('listitem').nth(2).boundingBox())!;
    expect(thirdRoom.y + thirdRoom.height).toBeLessThanOrEqual(844);
    // The phone header says who you are in words where it has room (the picker).
    expect(await page.getByRole('banner').getByText('ليلى', { exact: true }).isVisible()).toBe(true);
    await pickGeneral(page);
    expect(new URL(page.url()).pathname).toBe('/chat/general');
    await screenshot(page, 'nav-room-phone');
    // Every control of the phone's chat screen is at least 44 px each way.
    await page.getByRole('button', { name: 'الرموز التعبيرية' }).waitFor();
    expect(await smallControls(page)).toEqual([]);

    await page.getByRole('button', { name: 'الغرف' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await screenshot(page, 'nav-drawer-phone');
    expect(await smallControls(page)).toEqual([]);
    // Drawers do not repeat their titles (on screen; the dialog's name for screen readers is hidden).
    const shown = (texts: ReturnType<Page['locator']>) =>
      texts.evaluateAll((all) => all.filter((el) => el.getBoundingClientRect().width > 1).length);
    expect(await shown(drawer.getByText(/^الغرف(\s|$)/))).toBe(1);
    await page.goBack();
    await drawer.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/chat/general');
    await inRoom(page);
    await page.getByRole('button', { name: 'عرض المتصلين' }).click();
    const people = page.getByRole('dialog');
    await people.getByText('ليلى').first().waitFor();
    await screenshot(page, 'nav-people-phone');
    expect(await shown(people.getByText(/^المتصلون/))).toBe(1);
    await page.goBack();
    await people.waitFor({ state: 'detached' });
    await inRoom(page);

    // The header says who you are and opens the settings screen, which Back closes too.
    await page.getByRole('button', { name: 'الإعدادات: ليلى' }).click();
    const settings = page.getByRole('dialog', { name: 'الإعدادات' });
    await settings.getByRole('switch', { name: 'الأصوات' }).click();
    await expect(settings.getByRole('switch', { name: 'الأصوات' }).getAttribute('aria-checked')).resolves.toBe('false');
    const links = settings.getByRole('link');
    expect(await links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['الصفحة الرئيسية', '/'],
      ['الرموز التعبيرية', '/emojis'],
      ['سياسة الخصوصية', '/privacy'],
      ['شروط الاستخدام', '/terms'],
    ]);
    await settings.getByRole('button', { name: 'تسجيل الخروج' }).waitFor();
    // Its title is said once.
    expect(await shown(settings.getByText('الإعدادات', { exact: true }))).toBe(1);
    await screenshot(page, 'nav-settings-phone');
    expect(await smallControls(page)).toEqual([]);
    await page.goBack();
    await settings.waitFor({ state: 'detached' });
    await inRoom(page);

    await page.goBack();
    await page.getByRole('heading', { name: PICKER }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // Forward goes back into the room; a reload of its address lands there again.
    await page.goForward();
    await inRoom(page);
    await page.reload();
    await inRoom(page);
    expect(new URL(page.url()).pathname).toBe('/chat/general');
    // … and Back still leads to the picker first; only the Back after that leaves the site.
    await page.goBack();
    await page.getByRole('heading', { name: PICKER }).waitFor();
    expect(errors).toEqual([]);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await phone.close();
  });

  it('a visitor opening a shared room address sees the entry form, then goes straight into that room', async () => {
    const desktop = await newContext(site.browser, site.server.url, DESKTOP);
    const page = await desktop.newPage();
    const errors = watchErrors(page);
    const response = await page.goto('/chat/general');
    expect(response?.status()).toBe(200);
    await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await submitVisitorForm(page, 'Omar');
    await inRoom(page);
    expect(new URL(page.url()).pathname).toBe('/chat/general');
    await screenshot(page, 'nav-room-desktop');
    await page.getByRole('button', { name: /الإعدادات/ }).click();
    await page.getByRole('dialog', { name: 'الإعدادات' }).getByRole('switch').first().waitFor();
    await screenshot(page, 'nav-settings-desktop');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Changing rooms replaces the room's entry: the address follows, Back still goes to the picker.
    await page
      .getByRole('complementary', { name: 'الغرف' })
      .getByRole('button', { name: /شات عُمان/ })
      .first()
      .click();
    await page.waitForURL(/\/chat\/oman$/);
    await inRoom(page);
    await page.goBack();
    await page.getByRole('heading', { name: PICKER }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await desktop.close();
  });

  it('the emoji picker inserts a sticker code at the caret, by search or by keyboard, and the other browser sees the image', async () => {
    const phone = await newContext(site.browser, site.server.url, PHONE);
    const desktop = await newContext(site.browser, site.server.url, DESKTOP);
    const sara = await phone.newPage();
    const omar = await desktop.newPage();
    const errors = watchErrors(sara, omar);
    await enterAsVisitor(sara, 'سلمى');
    await pickGeneral(sara);
    await enterAsVisitor(omar, 'Karim');
    await pickGeneral(omar);

    const box = sara.getByRole('textbox', { name: COMPOSER });
    await box.fill('مرحبا');
    // The picker (its code, Unicode list and search) is fetched only when first opened.
    const panelLoads = () =>
      sara.evaluate(
        () => performance.getEntriesByType('resource').filter((entry) => /\/EmojiPanel-/.test(entry.name)).length,
      );
    expect(await panelLoads()).toBe(0);
    await sara.getByRole('button', { name: 'الرموز التعبيرية' }).click();
    const search = sara.getByRole('searchbox', { name: 'ابحث عن رمز' });
    await search.waitFor();
    expect(await panelLoads()).toBe(1);
    await sara.getByRole('button', { name: 'ملصقات' }).click();
    await sara
      .getByRole('button', { name: 'وجه مبتسم :s1:' })
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(sara, 'nav-emoji-phone');
    expect(await smallControls(sara)).toEqual([]);
    await search.fill('ملصقات قلب أحمر');
    await sara.getByRole('button', { name: 'قلب أحمر :s42:' }).tap();
    await expect.poll(() => box.inputValue()).toBe('مرحبا :s42: ');
    // Focus stays in the composer, so Enter sends.
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.press('Enter');
    // On a phone, Back closes the picker and stays in the room.
    await sara.getByRole('button', { name: 'الرموز التعبيرية' }).click();
    await search.waitFor();
    await sara.goBack();
    await search.waitFor({ state: 'detached' });
    expect(new URL(sara.url()).pathname).toBe('/chat/general');
    await omar.getByRole('log').getByRole('img', { name: ':s42:' }).first().waitFor();

    // By keyboard on the desktop: open, ArrowDown into the grid, ArrowLeft to the next, Enter.
    const omarBox = omar.getByRole('textbox', { name: COMPOSER });
    await omar.getByRole('button', { name: 'الرموز التعبيرية' }).click();
    const omarSearch = omar.getByRole('searchbox', { name: 'ابحث عن رمز' });
    await omarSearch.fill('وردة');
    await screenshot(omar, 'nav-emoji-desktop');
    await omarSearch.press('ArrowDown');
    await omar.keyboard.press('ArrowLeft');
    await omar.keyboard.press('Enter');
    await expect.poll(() => omarBox.inputValue()).not.toBe('');
    await expect.poll(() => omarBox.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape closes the picker; the recently used one comes first next time.
    await omar.getByRole('button', { name: 'الرموز التعبيرية' }).click();
    await omar.getByRole('button', { name: 'الأخيرة', pressed: true }).waitFor();
    await omar.keyboard.press('Escape');
    await omarSearch.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await phone.close();
    await desktop.close();
  });

  it('landing pages on a phone: the entry button without scrolling, the header button puts the cursor in the name field', async () => {
    const phone = await newContext(site.browser, site.server.url, PHONE);
    const page = await phone.newPage();
    const errors = watchErrors(page);
    for (const path of ['/', '/egypt', '/egypt/cairo', '/sabaya/sabaya-chat']) {
      await page.goto(path);
      await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
      const button = page.locator('#welcome').getByRole('button', { name: 'ادخل الدردشة' });
      const box = await button.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.y + box!.height, path).toBeLessThanOrEqual(844);
      // No sentence is said twice on the page.
      const sentences = await page.locator('main').evaluate((main) =>
        (main.textContent ?? '')
          .split(/[.:!؟،\n]/)
          .map((s) => s.trim())
          .filter((s) => s.length > 12),
      );
      expect(
        sentences.filter((s, i) => sentences.indexOf(s) !== i),
        path,
      ).toEqual([]);
    }
    // The first screen's Arabic faces come with the page and are the ones drawn.
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloads).toEqual([expect.stringMatching(/arabic-400-normal/), expect.stringMatching(/arabic-700-normal/)]);
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('700 24px "IBM Plex Sans Arabic"', 'شات')))
      .toBe(true);
    await screenshot(page, 'nav-landing-sabaya-phone');
    // A country page counts its cities and regions in Arabic agreement (never "6 منطقة").
    await page.goto('/saudi');
    await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toMatch(/(\d+ مدن|\d+ مدينة|مدينتان|مدينة واحدة)/);
    expect(main).toMatch(/(\d+ مناطق|\d+ منطقة|منطقتان|منطقة واحدة)/);
    expect(main).not.toMatch(/(^|\D)([3-9]|10) (منطقة|مدينة)/);
    await screenshot(page, 'nav-landing-country-phone');
    await page.goto('/egypt/cairo');
    await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await screenshot(page, 'nav-landing-city-phone');
    // Both chat links of a city page say which room they open.
    const links = page.getByRole('region', { name: 'غرف الدردشة' }).getByRole('link');
    await expect(links.count()).resolves.toBe(2);
    for (const text of await links.allTextContents()) expect(text).toContain('ادخل غرفة القاهرة');

    await page.getByRole('link', { name: 'ادخل الدردشة' }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('username');
    expect(errors).toEqual([]);
    await phone.close();
  });

  it('a staff member goes from settings to the moderation panel; Back closes it, then leaves the room for the picker', async () => {
    const { cookie } = await aMember(site.server, 'ريم', 'moderator');
    const phone = await newContext(site.browser, site.server.url, PHONE);
    const [name, value] = cookie.split('=') as [string, string];
    await phone.addCookies([{ name, value, url: site.server.url }]);
    const page = await phone.newPage();
    const errors = watchErrors(page);
    // A signed-in session opening a room address lands in that room.
    await page.goto('/chat/general');
    await inRoom(page);
    await page.getByRole('button', { name: /الإعدادات/ }).click();
    await page.getByRole('dialog', { name: 'الإعدادات' }).getByRole('button', { name: 'لوحة الإشراف' }).click();
    const panel = page.getByRole('dialog', { name: 'لوحة الإشراف' });
    await panel.waitFor();
    await expect(page.getByRole('dialog', { name: 'الإعدادات' }).count()).resolves.toBe(0);
    await page.goBack();
    await panel.waitFor({ state: 'detached' });
    await inRoom(page);
    await page.goBack();
    await page.getByRole('heading', { name: PICKER }).waitFor();
    expect(errors).toEqual([]);
    await phone.close();
  });

  it('the room list keeps still while the pointer is over it, and re-sorts when it leaves', async () => {
    const desktop = await newContext(site.browser, site.server.url, DESKTOP);
    const page = await desktop.newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'Hadi');
    await page.getByRole('heading', { name: PICKER }).waitFor();
    await page.getByTitle('قائمة', { exact: true }).click();
    const names = () =>
      page
        .getByRole('main')
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.querySelector('.truncate')?.textContent ?? ''));
    const list = page.getByRole('main').getByRole('list');
    await page.getByRole('button', { name: /^شات ليبيا/ }).waitFor();
    await screenshot(page, 'nav-picker-desktop');
    const before = await names();
    const libya = before.findIndex((name) => name.includes('ليبيا'));
    expect(libya).toBeGreaterThan(1);
    await list.hover();

    // Someone enters Libya's room: its count changes in place, its place does not.
    const otherContext = await newContext(site.browser, site.server.url, DESKTOP);
    const other = await otherContext.newPage();
    await enterAsVisitor(other, 'Nour');
    await other.getByRole('heading', { name: PICKER }).waitFor();
    await other
      .getByRole('button', { name: /^(دخول )?شات ليبيا/ })
      .first()
      .click();
    await inRoom(other);
    const row = page.getByRole('main').getByRole('listitem').nth(libya);
    await row.getByText('متصل واحد').waitFor();
    expect(await names()).toEqual(before);

    // The pointer leaves: the busier room moves up.
    await page.mouse.move(5, 5);
    await expect.poll(async () => (await names()).findIndex((name) => name.includes('ليبيا'))).toBeLessThan(libya);
    expect(errors).toEqual([]);
    await desktop.close();
    await otherContext.close();
  });

  it('on a phone, the room list keeps still while a finger is on it, however long, and re-sorts after it lifts', async () => {
    const phone = await newContext(site.browser, site.server.url, PHONE);
    const page = await phone.newPage();
    const errors = watchErrors(page);
    // The page's timers run on a clock the test can move past the hold that follows a touch.
    await page.clock.install();
    await enterAsVisitor(page, 'لمسة');
    await page.getByRole('heading', { name: PICKER }).waitFor();
    const items = page.getByRole('main').getByRole('listitem');
    const names = () =>
      items.evaluateAll((all) => all.map((item) => item.querySelector('.truncate')?.textContent ?? ''));
    await page.getByRole('button', { name: /^شات تونس/ }).waitFor();
    const before = await names();
    const tunisia = before.findIndex((name) => name.includes('تونس'));
    expect(tunisia).toBeGreaterThan(1);
    // The test's clicks went through a mouse; it must not rest over the list (a phone has none).
    await page.mouse.move(5, 5);

    // A finger goes down on the list and stays (as while scrolling it slowly), longer than the
    // hold that follows a tap.
    const finger = await phone.newCDPSession(page);
    const first = (await items.first().boundingBox())!;
    const point = { x: first.x + first.width / 2, y: first.y + first.height / 2 };
    await finger.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });

    const otherContext = await newContext(site.browser, site.server.url, DESKTOP);
    const other = await otherContext.newPage();
    await enterAsVisitor(other, 'Sami');
    await other.getByRole('heading', { name: PICKER }).waitFor();
    await other
      .getByRole('button', { name: /^(دخول )?شات تونس/ })
      .first()
      .click();
    await inRoom(other);
    await items.nth(tunisia).getByText('متصل واحد').waitFor();
    // Past the 2 s a tap would hold the list for: the finger is still down, so nothing moves.
    await page.clock.runFor(2500);
    await nextFrames(page);
    expect(await names()).toEqual(before);

    // The finger scrolls a little and lifts (no tap): after a moment the busier room moves up.
    for (const dy of [10, 20, 30]) {
      await finger.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ ...point, y: point.y - dy }],
      });
    }
    await finger.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await names()).toEqual(before);
    await expect
      .poll(async () => (await names()).findIndex((name) => name.includes('تونس')), { timeout: 5000 })
      .toBeLessThan(tunisia);
    // Still on the picker: the long press opened nothing.
    await page.getByRole('heading', { name: PICKER }).waitFor();
    await screenshot(page, 'nav-picker-resorted-phone');
    expect(errors).toEqual([]);
    await phone.close();
    await otherContext.close();
  });
});
