/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, api, type TestServer } from '../src/server/testing/test-server';
import {
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

/** Chromium's fake microphone (a beeping tone) and no permission prompt. */
const FAKE_MEDIA = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];
const ROOM_NAME = 'غرفة البث';

declare global {
  interface Window {
    __peerConnections: RTCPeerConnection[];
  }
}

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startSiteServer(), launchBrowser(FAKE_MEDIA)]);
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
});

/** A member's phone, in the broadcast room, every RTCPeerConnection it makes kept for getStats(). */
async function memberInRoom(cookie: string): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, server.url, PHONE);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__peerConnections = [];
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        window.__peerConnections.push(this);
      }
    };
  });
  await page.goto('/');
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
  await pickRoom(page, ROOM_NAME);
  return { page, errors };
}

const voiceBar = (page: Page) => page.getByRole('region', { name: 'الغرفة الصوتية' });

async function joinVoice(page: Page): Promise<void> {
  await voiceBar(page).getByRole('button', { name: 'انضم للصوت' }).click();
  await page.locator('[data-voice-phase="joined"]').waitFor();
}

/** Audio received by this page right now, over its open connections, and how many are connected. */
function inbound(page: Page): Promise<{ bytes: number; connected: number; open: number }> {
  return page.evaluate(async () => {
    let bytes = 0;
    let connected = 0;
    let open = 0;
    for (const pc of window.__peerConnections) {
      if (pc.connectionState === 'closed') continue;
      open++;
      if (pc.connectionState === 'connected') connected++;
      (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
      });
    }
    return { bytes, connected, open };
  });
}

/** Audio bytes this page has received so far. */
const received = async (page: Page) => (await inbound(page)).bytes;

/** Whether every connection of `page` sends no microphone track (muted, or not speaking). */
function sendsNothing(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    window.__peerConnections.every((pc) => pc.getSenders().every((sender) => sender.track === null)),
  );
}

/** Resolves once the audio arriving at `page` has stopped: two readings half a second apart agree. */
async function quiet(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await received(page);
        const same = now === last;
        last = now;
        return same;
      },
      { interval: 500, timeout: 10_000 },
    )
    .toBe(true);
}

describe('voice rooms in the browser', () => {
  it('host approves a raised hand; audio reaches listeners, stops when muted and when the speaker is removed', async () => {
    const owner = await aMember(server, 'مالك الموقع', 'owner');
    const [hostMember, speakerMember, listenerMember] = await Promise.all([
      aMember(server, 'مضيفة الأمسية'),
      aMember(server, 'سامر'),
      aMember(server, 'ليلى'),
    ]);
    const hosted = await api(server.url, '/api/rooms/broadcast/host', {
      method: 'PUT',
      cookie: owner.cookie,
      body: { userId: hostMember.user.id },
    });
    expect(hosted.status).toBe(200);

    const host = await memberInRoom(hostMember.cookie);
    const speaker = await memberInRoom(speakerMember.cookie);
    const listener = await memberInRoom(listenerMember.cookie);
    for (const { page } of [host, speaker, listener]) await joinVoice(page);

    // The listener's bar before anyone speaks, then B raises a hand.
    await voiceBar(speaker.page).getByRole('button', { name: 'ارفع يدك' }).click();
    await voiceBar(speaker.page).getByRole('button', { name: 'أنزل يدك' }).waitFor();

    // The host opens the queue and approves.
    const queueButton = voiceBar(host.page).getByRole('button', { name: 'الطلبات (1)' });
    await queueButton.click();
    await voiceBar(host.page).getByText('سامر').waitFor();
    await screenshot(host.page, 'voice-host-queue-phone');
    await voiceBar(host.page).getByRole('button', { name: 'اسمح لـ سامر بالتحدث' }).click();
    await voiceBar(speaker.page).getByRole('button', { name: 'كتم المايك' }).waitFor();

    // The listener's and the host's connections to the speaker connect and audio flows.
    await expect.poll(async () => (await inbound(listener.page)).connected, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await inbound(host.page)).connected, { timeout: 20_000 }).toBeGreaterThan(0);
    const flowing = await received(listener.page);
    await expect.poll(() => received(listener.page), { timeout: 10_000 }).toBeGreaterThan(flowing + 1000);
    // The speaker's level shows on the listener's bar (the fake microphone beeps).
    await expect
      .poll(() => listener.page.locator('[data-speaking="true"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(speaker.page, 'voice-speaker-phone');
    await screenshot(listener.page, 'voice-listener-phone');
    await listener.page.setViewportSize(DESKTOP.viewport);
    await screenshot(listener.page, 'voice-listener-desktop');
    await listener.page.setViewportSize(PHONE.viewport);

    // Muted: nothing more arrives.
    await voiceBar(speaker.page).getByRole('button', { name: 'كتم المايك' }).click();
    await voiceBar(speaker.page).getByRole('button', { name: 'تشغيل المايك' }).waitFor();
    // The track is off every connection, so no packet can leave; what was on its way drains.
    await expect.poll(() => sendsNothing(speaker.page)).toBe(true);
    await quiet(listener.page);
    const silent = await received(listener.page);
    await screenshot(speaker.page, 'voice-speaker-muted-phone');

    // Unmuted: it flows again.
    await voiceBar(speaker.page).getByRole('button', { name: 'تشغيل المايك' }).click();
    await expect.poll(() => received(listener.page), { timeout: 20_000 }).toBeGreaterThan(silent);

    // The host sends the speaker back: the listener's stream from them ends.
    await voiceBar(host.page).getByRole('button', { name: 'أنزل سامر من المنصة' }).click();
    await voiceBar(speaker.page).getByRole('button', { name: 'ارفع يدك' }).waitFor();
    await expect.poll(async () => (await inbound(listener.page)).open, { timeout: 20_000 }).toBe(0);
    expect(await listener.page.locator('audio[data-voice-speaker]').count()).toBe(0);
    await screenshot(host.page, 'voice-host-phone');

    // The browser refuses the microphone: a clear state, and no hand goes up.
    await listener.page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    await voiceBar(listener.page).getByRole('button', { name: 'ارفع يدك' }).click();
    await voiceBar(listener.page)
      .getByRole('alert')
      .getByText('رفض المتصفح الوصول إلى الميكروفون', { exact: false })
      .waitFor();
    await screenshot(listener.page, 'voice-mic-refused-phone');
    const room = ((await api(server.url, '/api/rooms')).body.rooms as { id: string; micQueue: number[] }[]).find(
      (r) => r.id === 'broadcast',
    );
    expect(room?.micQueue).toEqual([]);

    // Leave: the bar offers to join again.
    await voiceBar(listener.page).getByRole('button', { name: 'مغادرة الصوت' }).click();
    await voiceBar(listener.page).getByRole('button', { name: 'انضم للصوت' }).waitFor();

    expect([...host.errors, ...speaker.errors, ...listener.errors]).toEqual([]);
  });
});
