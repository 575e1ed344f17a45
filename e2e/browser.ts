/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Config } from '../src/server/config';
import { startTestServer, type TestServer } from '../src/server/testing/test-server';

/** Debian's Chromium; `npx playwright install` cannot run on these machines. `extraArgs`: a test's own flags. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/** Closes a browser, giving up after a while: a stuck Chromium must not hang the suite. */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.race([browser.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** The real server with the built web app, on a fresh in-memory database. */
export function startSiteServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  return startTestServer({ webDistDir: path.resolve('dist/web'), presenceGraceMs: 3000, ...overrides });
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1366, height: 820 } };

export function newContext(
  browser: Browser,
  baseURL: string,
  device: typeof PHONE | typeof DESKTOP,
): Promise<BrowserContext> {
  return browser.newContext({ ...device, baseURL, locale: 'ar' });
}

const REPORTED = 'uncaught page error: ';

/**
 * Collects every uncaught page error, for the test to assert there were none. Errors React
 * reports itself (window.reportError, e.g. a crash in an effect) do not reach Playwright's
 * `pageerror`, so the page also forwards its own `error` events. Call before the page navigates.
 */
export function watchErrors(...pages: Page[]): string[] {
  // One list for every page, filled as errors happen: a copy taken now would stay empty.
  const errors: string[] = [];
  for (const page of pages) {
    page.on('pageerror', (error) => errors.push(error.message));
    void page.addInitScript((prefix: string) => {
      window.addEventListener('error', (event) => console.error(prefix + event.message));
    }, REPORTED);
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(REPORTED))
        errors.push(message.text().slice(REPORTED.length));
    });
  }
  return errors;
}

const SHOTS = path.resolve('test-results/screenshots');
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Resolves once every finite animation and transition on the page has finished (a toast, a sheet
 * or a dialog moving in), so a screenshot shows the screen at rest. Endless ones (spinners, name
 * effects, frames) do not count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { polling: 100 },
  );
}

/** Resolves once the page has drawn two more frames: a style or layout change is on screen. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The message texts the signed-in user's room caches hold in IndexedDB (`majlis-user-<id>`, table
 * `rooms`), for waiting until the cache was written rather than for the second it takes.
 */
export function cachedRoomTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('majlis-user-')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains('rooms')) continue;
        const rooms = await new Promise<{ messages: { content: string }[] }[]>((resolve, reject) => {
          const request = db.transaction('rooms').objectStore('rooms').getAll();
          request.onsuccess = () => resolve(request.result as { messages: { content: string }[] }[]);
          request.onerror = () => reject(request.error);
        });
        for (const room of rooms) texts.push(...room.messages.map((m) => m.content));
      } finally {
        db.close();
      }
    }
    return texts;
  });
}

/** Prints each open page's address and visible text and saves its screenshot (after a failure). */
async function reportPages(browser: Browser, testName: string): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  for (const [index, page] of pages.entries()) {
    const name = `FAILED ${testName.slice(0, 60)} ${index}`.replace(/[^\p{L}\p{N} -]/gu, '_');
    const text = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500))
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    console.log(`[failed test] page ${index}: ${page.url()}\n${text}`);
    await screenshot(page, name).catch(() => undefined);
  }
}

/** One server and one Chromium for a test file, started before its tests and closed after. */
export function useSite(overrides: Partial<Config> = {}): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSiteServer(overrides), launchBrowser()]);
  });
  // A failed test leaves its pages open: say what each one showed, so a failure on CI explains itself.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !browser) return;
    await reportPages(browser, context.task.name);
    // A second try (CI retries once) starts clean: its pages closed, and a new server with a fresh
    // database, where the names the first try registered are free again.
    await Promise.all(browser.contexts().map((open) => open.close().catch(() => undefined)));
    await server?.close();
    server = await startSiteServer(overrides);
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}

/** Fills the visitor form on the current page and presses the entry button. */
export async function submitVisitorForm(page: Page, name: string, female = false): Promise<void> {
  await page.getByLabel('الاسم المستعار').fill(name);
  if (female) await page.getByText('أنثى', { exact: true }).click();
  await page.getByRole('button', { name: 'ادخل الدردشة' }).click();
}

/** The composer's text box. */
export const composer = (page: Page) => page.getByRole('textbox', { name: 'اكتب رسالتك' });

/** Waits until the room is open and the composer takes text. */
export async function composerReady(page: Page): Promise<void> {
  await composer(page).and(page.locator(':enabled')).waitFor();
}

/** Clicks a room on the picker: its grid card if shown, else its row in the list. */
export async function clickRoom(page: Page, roomName: string): Promise<void> {
  const card = page.getByRole('button', { name: `دخول ${roomName}` });
  if (await card.count()) await card.click();
  else
    await page
      .getByRole('button', { name: new RegExp(`^(?!خيارات).*${roomName}`) })
      .first()
      .click();
}

/** Opens a room from the picker and waits until one can write in it. */
export async function pickRoom(page: Page, roomName: string): Promise<void> {
  await clickRoom(page, roomName);
  await composerReady(page);
}

/** Sends a message from the composer. */
export async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** From the home page through the visitor form to the room picker. */
export async function enterAsVisitor(page: Page, name: string, female = false): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
  await submitVisitorForm(page, name, female);
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
}
