/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { aMember, api } from '../src/server/testing/test-server';
import { DESKTOP, enterAsVisitor, newContext, PHONE, pickRoom, screenshot, useSite, watchErrors } from './browser';

const site = useSite();

describe('states a person can trust', () => {
  it('the connection dot and the banner tell one story: never green while the banner says the connection is lost', async () => {
    const context = await newContext(site.browser, site.server.url, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'متصل');
    await pickRoom(page, 'شات لبنان');
    const dot = page.locator('[data-health]');
    await expect.poll(() => dot.getAttribute('data-health')).not.toBe('critical');
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('majlis.session') ?? '{}').userId as number,
    );

    await context.setOffline(true);
    site.server.app.io.in(`user:${userId}`).disconnectSockets(true);
    await page.getByText('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة').waitFor();
    expect(await dot.getAttribute('data-health')).toBe('critical');
    await screenshot(page, 'states-connection-lost-phone');

    await context.setOffline(false);
    await page.getByText('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة').waitFor({ state: 'detached' });
    await expect.poll(() => dot.getAttribute('data-health')).not.toBe('critical');
    expect(errors).toEqual([]);
  });

  it('a framed, crowned avatar in the desktop header is drawn whole, not cut at its top edge', async () => {
    const member = await aMember(site.server, 'مؤطّر');
    const look = await api(site.server.url, `/api/users/${member.user.id}`, {
      method: 'PUT',
      body: { profileFrame: 'frame12', profileTag: 'tag3' },
      cookie: member.cookie,
    });
    expect(look.status).toBe(200);
    const { url } = site.server;
    const context = await newContext(site.browser, url, DESKTOP);
    const [name, value] = member.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.goto('/');
    await pickRoom(page, 'الغرفة العامة');
    const header = page.locator('header').first();
    const avatar = header.locator('[data-framed]').first();
    await avatar.waitFor();
    const bar = (await header.boundingBox())!;
    const parts = await avatar.evaluate((el) =>
      [el, ...el.querySelectorAll('*')].map((part) => {
        const r = part.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }),
    );
    for (const part of parts) {
      expect(part.top).toBeGreaterThanOrEqual(bar.y - 0.5);
      expect(part.bottom).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
    }
    await screenshot(page, 'states-framed-header-desktop');
  });
});
