/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildIdOf, stampServiceWorker } from '../vite.config';
import { DESKTOP, newContext, PHONE, screenshot, submitVisitorForm, useSite, watchErrors } from './browser';

// Issue 20 §4: every landing page leads to the room it names; the picker folds the catalogue's
// rooms under their country or hub; the entry screen says which room one is about to enter.
// The service worker is on, for its per-build cache.
const site = useSite({ serviceWorker: true });

const composerOf = (page: Page) => page.getByRole('textbox', { name: 'اكتب رسالتك' }).and(page.locator(':enabled'));
const entering = (page: Page) => page.locator('#welcome p[role="status"]');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('landing pages lead to their own rooms (%s)', (label, device) => {
  it('the Cairo page’s chat link names the Cairo room on the entry screen and opens it', async () => {
    const context = await newContext(site.browser, site.server.url, device);
    // The worker is tested below; here it would only add a reload on its first activation.
    await context.route('**/sw.js', (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/egypt/cairo');
    await page.getByRole('heading', { level: 1, name: 'شات القاهرة' }).waitFor();
    await page.waitForLoadState('networkidle');
    const link = page.getByRole('link', { name: /دردشة شباب وبنات القاهرة/ });
    expect(await link.getAttribute('href')).toBe('/egypt/cairo?room=egypt-cairo#welcome');
    expect(await link.textContent()).toContain('ادخل غرفة القاهرة');
    await link.click();
    await expect.poll(() => entering(page).textContent()).toBe('ستدخل غرفة القاهرة');
    // The name is isolated: a Latin or mixed name cannot reorder the sentence.
    expect(await entering(page).locator('bdi').textContent()).toBe('القاهرة');
    await entering(page).scrollIntoViewIfNeeded();
    await screenshot(page, `landing-rooms-entry-${label}`);
    await submitVisitorForm(page, label === 'phone' ? 'قاهري جوال' : 'قاهري مكتب');
    await composerOf(page).waitFor();
    await page.getByRole('heading', { name: 'القاهرة', exact: true }).waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/chat/egypt-cairo');
    await expect.poll(() => page.locator('header').first().textContent()).toContain('القاهرة');
    await screenshot(page, `landing-rooms-cairo-${label}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the room picker folds cities under their country and sub-chats under their hub; search finds a city', async () => {
    const context = await newContext(site.browser, site.server.url, device);
    await context.route('**/sw.js', (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await submitVisitorForm(page, label === 'phone' ? 'متصفح جوال' : 'متصفح مكتب');
    await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
    // Folded: the country rooms are there, their cities are not shown.
    // Its name says what pressing does: «عرض 12 غرفة في شات مصر», then «إخفاء 12 غرفة في شات مصر».
    const egypt = page.getByRole('button', { name: /^(عرض|إخفاء) \d+ غرفة في شات مصر$/ });
    await egypt.waitFor();
    expect(await egypt.getAttribute('aria-expanded')).toBe('false');
    expect(await egypt.textContent()).toMatch(/^عرض \d+ غرفة$/);
    expect(await page.getByRole('button', { name: /القاهرة/ }).count()).toBe(0);
    const sabaya = page.getByRole('button', { name: /^(عرض|إخفاء) غرفتين في شات صبايا$/ });
    await sabaya.waitFor();
    await screenshot(page, `landing-rooms-picker-${label}`);
    await egypt.click();
    expect(await egypt.getAttribute('aria-expanded')).toBe('true');
    await page
      .getByRole('button', { name: /القاهرة/ })
      .first()
      .waitFor();
    await sabaya.click();
    await page
      .getByRole('button', { name: /شات الصبايا/ })
      .first()
      .waitFor();
    await page
      .getByRole('button', { name: /شات الصبايا/ })
      .first()
      .scrollIntoViewIfNeeded();
    await screenshot(page, `landing-rooms-picker-open-${label}`);
    await egypt.click();
    expect(await page.getByRole('button', { name: /القاهرة/ }).count()).toBe(0);
    // A search lists matching rooms flat, each saying where it belongs.
    await page.getByRole('searchbox', { name: 'البحث في الغرف' }).fill('الإسكندرية');
    const found = page.getByRole('button', { name: /الإسكندرية/ }).first();
    await found.waitFor();
    await page.getByText('في شات مصر').first().waitFor();
    await screenshot(page, `landing-rooms-search-${label}`);
    await found.click();
    await composerOf(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/chat/egypt-alexandria');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a sub-chat page', () => {
  it('«دردشة صبايا وبس» leads to the sabaya room', async () => {
    const context = await newContext(site.browser, site.server.url, PHONE);
    await context.route('**/sw.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/sabaya/sabaya-chat');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: /دردشة صبايا وبس/ }).click();
    await expect.poll(() => entering(page).textContent()).toBe('ستدخل غرفة شات الصبايا');
    await submitVisitorForm(page, 'صبية', true);
    await composerOf(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/chat/sabaya-sabaya-chat');
    await context.close();
  });

  it('a room’s own address names it on the entry screen too', async () => {
    const context = await newContext(site.browser, site.server.url, PHONE);
    await context.route('**/sw.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/chat/comoros-moh%C3%A9li');
    await expect.poll(() => entering(page).textContent()).toBe('ستدخل غرفة موهيلي');
    await submitVisitorForm(page, 'زائر القمر');
    await composerOf(page).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/chat/comoros-mohéli');
    await context.close();
  });
});

describe('the service worker’s caches', () => {
  it('are named after the build: a new build’s worker deletes the caches of the builds before', async () => {
    // The build wrote its id into sw.js, and the server serves that file.
    const built = readFileSync(path.resolve('dist/web/sw.js'), 'utf8');
    const buildId = /const BUILD = '([0-9a-f]{12})';/.exec(built)?.[1];
    expect(buildId).toBeDefined();
    const served = await (await fetch(`${site.server.url}/sw.js`)).text();
    expect(served).toContain(`const BUILD = '${buildId}';`);
    // Another build's files give another id; the stamp replaces the development line only.
    expect(buildIdOf(['assets/a-1.js'])).not.toBe(buildIdOf(['assets/a-2.js']));
    expect(buildIdOf(['b', 'a'])).toBe(buildIdOf(['a', 'b']));
    expect(stampServiceWorker("x\nconst BUILD = 'dev';\ny", 'abc')).toBe("x\nconst BUILD = 'abc';\ny");
    expect(() => stampServiceWorker('const CACHE = 1;', 'abc')).toThrow();

    const context = await newContext(site.browser, site.server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto('/privacy');
    // What the builds before left: the first worker's cache, an older build's, and a cache not ours.
    await page.evaluate(async () => {
      for (const name of ['majlis-shell-v1', 'majlis-shell-0123456789ab', 'someone-else']) {
        const cache = await caches.open(name);
        await cache.put('/assets/old-build.js', new Response('old'));
      }
    });
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js'));
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).sort()), { timeout: 10_000 })
      .toEqual(['someone-else']);
    // The new build's worker fills its own cache.
    await page.reload();
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).sort()), { timeout: 10_000 })
      .toEqual([`majlis-shell-${buildId}`, 'someone-else']);
    await context.close();
  });
});
