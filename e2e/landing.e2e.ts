/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, screenshot, submitVisitorForm, useSite, watchErrors } from './browser';

const site = useSite();

/** Console errors and warnings, e.g. React's hydration mismatch reports. */
function watchConsole(page: Page, messages: string[]): string[] {
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()) && !message.text().includes('status of 404'))
      messages.push(message.text());
  });
  return messages;
}

describe('city page to chat', () => {
  it('shows the city welcome from the server, hydrates cleanly, and offers the city room first', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const errors = watchConsole(page, watchErrors(page));
    await page.goto('/egypt/cairo');
    await page.getByRole('heading', { level: 1, name: 'شات القاهرة' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'city-phone');
    // The visitor form already knows the country.
    await expect.poll(() => page.getByLabel('الدولة (اختياري)').inputValue()).toBe('egypt');
    await submitVisitorForm(page, 'قاهري');
    await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
    const first = page.getByRole('list').last().getByRole('listitem').first();
    await expect.poll(() => first.textContent()).toContain('القاهرة');
    expect(await first.textContent()).toContain('مقترحة لك');
    await first.getByRole('button').first().click();
    await page.getByRole('textbox', { name: 'اكتب رسالتك' }).and(page.locator(':enabled')).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('goes straight into the room of a chat link after entering', async () => {
    const page = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    await page.goto('/egypt/cairo');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: /شات القاهرة العام/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('nickname');
    expect(page.url()).toBe(`${site.server.url}/egypt/cairo`);
    await submitVisitorForm(page, 'زائر القاهرة');
    await page.getByRole('textbox', { name: 'اكتب رسالتك' }).and(page.locator(':enabled')).waitFor();
    await expect.poll(() => page.locator('header').first().textContent()).toContain('القاهرة');

    // Emoji codes in messages show as their images.
    await page.getByRole('textbox', { name: 'اكتب رسالتك' }).fill('أهلاً :) :s1:');
    await page.keyboard.press('Enter');
    // The message's own row (a join or leave notice may land after it).
    const row = page
      .getByRole('log')
      .getByRole('listitem')
      .filter({ has: page.locator('img[alt=":s1:"]') });
    await row.waitFor();
    await row.locator('img[alt=":)"]').waitFor();
    await screenshot(page, 'chat-emoji-desktop');
    await page.context().close();
  });

  it('keeps what a visitor typed, and an early press of the button, before the page script arrived', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    // The app bundle arrives late, as on a slow phone connection: only once the visitor typed and pressed.
    let arrive!: () => void;
    const late = new Promise<void>((resolve) => (arrive = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await late;
      await route.continue();
    });
    await page.goto('/egypt/cairo', { waitUntil: 'domcontentloaded' });
    const name = page.getByLabel('الاسم المستعار');
    await name.click();
    await page.keyboard.type('مستعجل', { delay: 30 });
    // Pressed while the script is still on its way: held, then sent once the page is live.
    await page.getByRole('button', { name: 'ادخل الدردشة' }).click();
    expect(page.url()).toBe(`${site.server.url}/egypt/cairo`);
    arrive();
    await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
    expect(await page.getByText('أهلاً').textContent()).toContain('مستعجل');
    await page.context().close();
  });

  it('loads at most 100 KB of JavaScript (gzip) up front on a landing page, and none of the chat', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/egypt');
    // Until the app is live the page has loaded only boot.js; count what it loads to get there.
    await page.waitForFunction(() => window.majlisReady === true);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((file) => file.includes('/assets/index-'))).toBe(true);
    const total = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.resolve('dist/web', `.${file}`))).length,
      0,
    );
    expect(scripts.some((file) => file.includes('ChatApp'))).toBe(false);
    expect(total).toBeLessThanOrEqual(100 * 1024);
    await page.context().close();
  });
});

describe('other pages', () => {
  it('sends an unknown city to the home page after its notice', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    await page.goto('/egypt/atlantis');
    await page.getByRole('heading', { name: 'المدينة غير موجودة' }).waitFor();
    await page.waitForURL(`${site.server.url}/`, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });

  it('copies an emoji code on /emojis/stickers and moves between tabs by address', async () => {
    const context = await newContext(site.browser, site.server.url, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const errors = watchConsole(page, watchErrors(page));
    await page.goto('/emojis/stickers');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'emojis-stickers-desktop');
    await page.getByRole('button', { name: /^نسخ الكود :s1: / }).click();
    // The code is isolated left to right from the Arabic around it, so ":D" cannot read "D:".
    await page.getByText('تم نسخ الكود \u2066:s1:\u2069').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(':s1:');

    await page.getByRole('link', { name: /متحركة/ }).click();
    await page.waitForURL(`${site.server.url}/emojis/animated`);
    await page.getByText(':c50:').waitFor();
    await page.goBack();
    await page.waitForURL(`${site.server.url}/emojis/stickers`);
    await page.getByText(':s62:').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the legal pages without any script, with a way back', async () => {
    const page = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'شروط الاستخدام' }).waitFor();
    await screenshot(page, 'terms-phone');
    await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).first().click();
    await page.waitForURL(`${site.server.url}/`);
    // The picture link previews show, named in every page's Open Graph tags.
    const preview = await fetch(`${site.server.url}/og-image.png`);
    expect(preview.headers.get('content-type')).toBe('image/png');
    await page.context().close();
  });
});
