import { describe, expect, it } from 'vitest';
import { connect, enterAsGuest, joinRoom, type ClientSocket } from '../src/server/testing/test-server';
import {
  DESKTOP,
  animationsDone,
  enterAsVisitor,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  useSite,
  watchErrors,
} from './browser';

/** A page of 20: the 45 people this test brings make the room big (the real page is 100). */
const PAGE = 20;
const CROWD = 45;

const site = useSite({ presencePageSize: PAGE, maxConnectionsPerAddress: 500 });

/** The room's count as the room list tells it. */
async function countIn(url: string, roomId: string): Promise<number | undefined> {
  const { rooms } = (await (await fetch(`${url}/api/rooms`)).json()) as { rooms: { id: string; userCount: number }[] };
  return rooms.find((room) => room.id === roomId)?.userCount;
}

describe('a big room', () => {
  it('shows the total, lists the first page and loads more as the list scrolls, on a phone and a desktop', async () => {
    const { server, browser } = site;
    const guests = await Promise.all(
      Array.from({ length: CROWD }, (_, i) => enterAsGuest(server.url, `ضيف الغرفة ${i + 1}`)),
    );
    const sockets: ClientSocket[] = await Promise.all(guests.map((guest) => connect(server.url, guest.cookie)));
    await Promise.all(sockets.map((socket) => joinRoom(socket, 'general')));
    try {
      for (const [device, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const context = await newContext(browser, server.url, device);
        const page = await context.newPage();
        const errors = watchErrors(page);
        await enterAsVisitor(page, name === 'phone' ? 'زائرة الهاتف' : 'زائر المكتب', name === 'phone');
        await pickRoom(page, 'الغرفة العامة');
        if (name === 'phone') await page.getByRole('button', { name: 'عرض المتصلين' }).click();
        const list = page.locator('section[aria-labelledby="online-users-title"]').last();
        // The count is the room's, not the page's: everyone, and the viewer.
        await expect.poll(() => list.locator('h2').innerText()).toContain(String(CROWD + 1));
        if (name === 'desktop')
          await expect.poll(() => page.locator('header').first().innerText()).toContain(String(CROWD + 1));
        // Pages, not everyone at once: the first page comes alone (a next one follows as soon as the
        // list's end is in view, which on some screens is at once; the server's side of paging is
        // tested in big-rooms.test.ts).
        await expect.poll(() => list.locator('.online-row').count()).toBeGreaterThanOrEqual(PAGE);
        expect(await list.locator('.online-row').count()).toBeLessThan(CROWD + 1);
        const more = list.getByRole('button', { name: 'عرض المزيد من المتصلين' });
        await animationsDone(page);
        await screenshot(page, `big-room-online-${name}`);
        // Bringing the list's end into view loads the next pages, until everyone is there.
        for (let i = 0; i < 5; i++) {
          if ((await list.locator('.online-row').count()) >= CROWD + 1) break;
          // It may have loaded on its own meanwhile (its end was in view), and gone.
          await more.scrollIntoViewIfNeeded({ timeout: 2000 }).catch(() => undefined);
          await expect
            .poll(() => list.locator('.online-row').count())
            .toBeGreaterThanOrEqual(Math.min(CROWD + 1, PAGE * (i + 2)));
        }
        await expect.poll(() => list.locator('.online-row').count()).toBe(CROWD + 1);
        await expect.poll(() => more.count()).toBe(0);
        await screenshot(page, `big-room-online-${name}-all`);
        expect(errors).toEqual([]);
        await context.close();
        // The next pass starts in a settled room: this visitor gone (after the grace period), so
        // the pages it reads do not shift under it.
        await expect.poll(() => countIn(server.url, 'general'), { timeout: 10_000 }).toBe(CROWD);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
