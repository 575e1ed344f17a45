/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { enterAsVisitor, newContext, PHONE, pickRoom, screenshot, useSite, watchErrors } from './browser';

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
});
