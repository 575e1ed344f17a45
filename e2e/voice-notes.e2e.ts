/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, type SignedInClient, type TestServer } from '../src/server/testing/test-server';
import {
  animationsDone,
  closeBrowser,
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  startSiteServer,
  watchErrors,
} from './browser';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startSiteServer(),
    // A fake microphone (a beep), allowed without asking.
    launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']),
  ]);
});

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

async function signedIn(member: SignedInClient, device: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const context: BrowserContext = await newContext(browser, server.url, device);
  await context.grantPermissions(['microphone']);
  const [name, value] = member.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
  await pickRoom(page, 'الغرفة العامة');
  return page;
}

const mic = (page: Page) => page.locator('[data-voice-record]');
const recordingBar = (page: Page) => page.getByRole('group', { name: 'جارٍ التسجيل' });
const notes = (page: Page) => page.locator('[role="log"] [data-voice-note]');

/** Waits until the live timer shows at least `seconds`. */
async function recordedFor(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const [m, s] = ((await page.locator('[data-voice-timer]').textContent()) ?? '0:00').split(':').map(Number);
        return (m ?? 0) * 60 + (s ?? 0);
      },
      { timeout: (seconds + 5) * 1000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

/** The audio element of a note: its position and whether it is playing. */
function audioState(note: ReturnType<Page['locator']>) {
  return note.locator('audio').evaluate((audio: HTMLAudioElement) => ({
    time: audio.currentTime,
    paused: audio.paused,
    rate: audio.playbackRate,
  }));
}

describe('voice notes', () => {
  it('a note recorded on a phone (tap, then send) arrives on a desktop and plays; held on a desktop, it arrives on the phone; the next plays after', async () => {
    const [rawya, sami] = await Promise.all([aMember(server, 'راوية'), aMember(server, 'سامي')]);
    const phone = await signedIn(rawya, PHONE);
    const desktop = await signedIn(sami, DESKTOP);
    const errors = watchErrors(phone, desktop);

    // The phone: a tap starts recording; the bar shows the timer and the level; send.
    await mic(phone).tap();
    await recordingBar(phone).waitFor();
    await recordedFor(phone, 2);
    await expect.poll(() => recordingBar(phone).getByRole('meter').getAttribute('aria-valuenow')).not.toBe('0');
    await animationsDone(phone);
    await screenshot(phone, 'voice-notes-phone-recording');
    await recordingBar(phone).getByRole('button', { name: 'إرسال الرسالة الصوتية' }).tap();
    await recordingBar(phone).waitFor({ state: 'detached' });

    // It reaches the desktop, with its length measured by the server.
    await expect.poll(() => notes(desktop).count(), { timeout: 10_000 }).toBe(1);
    const first = notes(desktop).first();
    await expect.poll(() => first.locator('time').textContent()).toMatch(/^0:0[2-4]$/);
    await first.getByRole('button', { name: 'تشغيل الرسالة الصوتية' }).click();
    await expect.poll(async () => (await audioState(first)).time, { timeout: 5_000 }).toBeGreaterThan(0.3);
    expect(await first.getAttribute('data-playing')).toBe('true');
    await first.getByRole('button', { name: /سرعة التشغيل/ }).click();
    await expect.poll(async () => (await audioState(first)).rate).toBe(1.5);
    await screenshot(desktop, 'voice-notes-desktop-playing');
    await first.getByRole('button', { name: 'إيقاف الرسالة الصوتية مؤقتاً' }).click();
    await expect.poll(async () => (await audioState(first)).paused).toBe(true);

    // The desktop: held down for two seconds, released: sent. Slid away instead: dropped.
    const box = (await mic(desktop).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await desktop.mouse.move(x, y);
    await desktop.mouse.down();
    await recordingBar(desktop).waitFor();
    await recordedFor(desktop, 2);
    await screenshot(desktop, 'voice-notes-desktop-holding');
    await desktop.mouse.up();
    await expect.poll(() => notes(phone).count(), { timeout: 10_000 }).toBe(2);
    await desktop.mouse.move(x, y);
    await desktop.mouse.down();
    await recordingBar(desktop).waitFor();
    await recordedFor(desktop, 1);
    await desktop.mouse.move(x - 200, y, { steps: 5 });
    await recordingBar(desktop).waitFor({ state: 'detached' });
    await desktop.mouse.up();

    // The phone plays the first note; when it ends, the desktop's follows by itself. Only one
    // plays at a time.
    const [mine, theirs] = [notes(phone).nth(0), notes(phone).nth(1)];
    await mine.getByRole('button', { name: 'تشغيل الرسالة الصوتية' }).tap();
    await expect.poll(async () => (await audioState(mine)).time, { timeout: 5_000 }).toBeGreaterThan(0.2);
    await screenshot(phone, 'voice-notes-phone-playing');
    await expect.poll(() => theirs.getAttribute('data-playing'), { timeout: 10_000 }).toBe('true');
    expect((await audioState(mine)).paused).toBe(true);
    await expect.poll(async () => (await audioState(theirs)).time, { timeout: 5_000 }).toBeGreaterThan(0.2);

    // The slid-away recording was never sent.
    expect(await notes(desktop).count()).toBe(2);
    expect(errors).toEqual([]);
    await phone.context().close();
    await desktop.context().close();
  });

  it("a note recorded in a private conversation on a desktop arrives in the phone's box and plays", async () => {
    const [hind, fadi] = await Promise.all([aMember(server, 'هند'), aMember(server, 'فادي')]);
    const phone = await signedIn(hind, PHONE);
    const desktop = await signedIn(fadi, DESKTOP);
    const errors = watchErrors(phone, desktop);
    const box = (page: Page) => page.getByTestId('private-box');
    const opened = await desktop.request.post('/api/private-messages/send', {
      data: { receiverId: hind.user.id, content: 'مرحباً، اسمعي هذه', clientMessageId: 'e2e-voice-pm-0' },
    });
    expect(opened.status()).toBe(200);
    await phone.getByRole('button', { name: /^الرسائل الخاصة/ }).click();
    await phone.getByRole('button', { name: /محادثة خاصة مع .فادي./ }).click();
    await box(phone).getByText('مرحباً، اسمعي هذه').waitFor();
    // Her answer lists the conversation on his side too.
    await box(phone).getByRole('textbox').fill('أهلاً فادي');
    await box(phone).getByRole('textbox').press('Enter');
    await desktop.getByRole('button', { name: /^الرسائل الخاصة/ }).click();
    await desktop.getByRole('button', { name: /محادثة خاصة مع .هند./ }).click();
    await box(desktop).getByText('أهلاً فادي').waitFor();

    // The desktop: a click starts, the bar's send sends.
    await box(desktop).locator('[data-voice-record]').click();
    await recordingBar(desktop).waitFor();
    await recordedFor(desktop, 2);
    await recordingBar(desktop).getByRole('button', { name: 'إرسال الرسالة الصوتية' }).click();
    const note = box(phone).locator('[data-voice-note]');
    await note.waitFor({ timeout: 10_000 });
    await box(desktop).locator('[data-voice-note]').waitFor();
    await note.getByRole('button', { name: 'تشغيل الرسالة الصوتية' }).tap();
    await expect.poll(async () => (await audioState(note)).time, { timeout: 5_000 }).toBeGreaterThan(0.2);
    expect(await note.getAttribute('data-playing')).toBe('true');
    await screenshot(phone, 'voice-notes-private-phone');
    await screenshot(desktop, 'voice-notes-private-desktop');
    expect(errors).toEqual([]);
    await phone.context().close();
    await desktop.context().close();
  });
});
