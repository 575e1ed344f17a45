/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aMember } from '../src/server/testing/test-server';
import {
  animationsDone,
  composer,
  DESKTOP,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  submitVisitorForm,
  useSite,
  watchErrors,
} from './browser';

const site = useSite();

const overlay = (page: Page) => page.getByRole('alertdialog', { name: 'تم طردك من الدردشة' });
const picker = (page: Page) => page.getByRole('heading', { name: 'اختر غرفة للدردشة' });

/** A signed-in member's browser (their session cookie), on the room picker, and its page errors. */
async function signedIn(cookie: string): Promise<{ page: Page; errors: string[] }> {
  const { url } = site.server;
  const context = await newContext(site.browser, url, DESKTOP);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await picker(page).waitFor();
  return { page, errors };
}

describe('moderation in the browser', () => {
  it('a moderator kicks a visitor for a minute: the countdown overlay, no way back in until it ends, then in again', async () => {
    const { page: moderator, errors: moderatorErrors } = await signedIn(
      (await aMember(site.server, 'ليلى', 'moderator')).cookie,
    );
    // The visitor's page runs on a clock the test can move, like the server's.
    const visitorContext = await newContext(site.browser, site.server.url, PHONE);
    await visitorContext.clock.install();
    const visitor = await visitorContext.newPage();
    const visitorErrors = watchErrors(visitor);

    await visitor.goto('/');
    await visitor.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await submitVisitorForm(visitor, 'ضيف مزعج');
    await picker(visitor).waitFor();
    await pickRoom(visitor, 'الغرفة العامة');
    await pickRoom(moderator, 'الغرفة العامة');

    // The visitor's card, opened from the online list, offers a moderator what they may do.
    const online = moderator.getByRole('complementary', { name: 'المتصلون الآن' });
    await online.getByRole('button', { name: /ضيف مزعج/ }).click();
    const card = moderator.getByRole('dialog', { name: 'ضيف مزعج' });
    await card.waitFor();
    await card.getByRole('button', { name: /طرد/ }).first().waitFor();
    // A moderator may not ban or block: those are for admins.
    expect(await card.getByRole('button', { name: /حظر نهائي/ }).count()).toBe(0);
    // Nobody has muted them: there is no mute to lift.
    await expect.poll(() => card.getByRole('button', { name: /رفع الكتم/ }).count()).toBe(0);
    await animationsDone(moderator);
    await screenshot(moderator, 'moderation-card-desktop');
    await moderator.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    // The slash command: one minute, with a reason.
    await composer(moderator).fill('/kick "ضيف مزعج" 1 رسائل مزعجة');
    await composer(moderator).press('Enter');
    await moderator.getByText(/تم طرد .*ضيف مزعج.* لمدة دقيقة واحدة/).waitFor();

    // The visitor: the full-screen overlay with the minutes:seconds countdown, the badge and the reason.
    await overlay(visitor).waitFor();
    const timer = overlay(visitor).getByRole('timer');
    expect(await timer.textContent()).toMatch(/^0(1:00|0:5\d)$/);
    await overlay(visitor).getByText('طرد مؤقت - دقيقة واحدة').waitFor();
    await overlay(visitor).getByText('رسائل مزعجة').waitFor();
    await overlay(visitor).getByText('ليلى').waitFor();
    await animationsDone(visitor);
    await screenshot(visitor, 'moderation-kick-overlay-phone');
    // The room saw a notice; the visitor is gone from the online list.
    await moderator
      .getByRole('log')
      .getByText(/ضيف مزعج/)
      .first()
      .waitFor();
    await online.getByRole('button', { name: /ضيف مزعج/ }).waitFor({ state: 'detached' });

    // Hidden, the overlay leaves a reminder; a reload and a new visitor entry from this device are refused.
    await overlay(visitor).getByRole('button', { name: 'إخفاء النافذة' }).click();
    await visitor.getByRole('button', { name: 'عرض تفاصيل المنع' }).waitFor();
    await visitor.reload();
    await visitor.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    // The page remembers the kick: the overlay comes back after the reload (restored from storage,
    // which may land after the welcome screen). Waiting for it, not counting it, keeps this from
    // racing a slow machine.
    const stillBarred = visitor.getByRole('alertdialog');
    await stillBarred.getByRole('timer').waitFor();
    await stillBarred.getByRole('button', { name: 'إخفاء النافذة' }).click();
    await stillBarred.waitFor({ state: 'detached' });
    await submitVisitorForm(visitor, 'اسم جديد');
    await visitor.getByRole('alertdialog').getByRole('timer').waitFor();
    expect(await picker(visitor).count()).toBe(0);
    await screenshot(visitor, 'moderation-refused-entry-phone');

    // The minute passes on both clocks: the overlay closes at zero, and the visitor comes back.
    site.server.clock.advance(61_000);
    await visitor.clock.fastForward('01:01');
    await visitor.getByRole('alertdialog').waitFor({ state: 'detached' });
    await visitor.getByRole('tab', { name: 'دخول زائر' }).waitFor();
    await submitVisitorForm(visitor, 'ضيف مزعج');
    await picker(visitor).waitFor();
    await pickRoom(visitor, 'الغرفة العامة');
    await online.getByRole('button', { name: /ضيف مزعج/ }).waitFor();

    // The moderation panel: the kick is in the log, with the moderator's reason.
    await moderator
      .getByRole('button', { name: /لوحة الإشراف/ })
      .first()
      .click();
    const panel = moderator.getByRole('dialog', { name: 'لوحة الإشراف' });
    await panel.waitFor();
    await panel.getByRole('tab', { name: 'السجل' }).click();
    await panel.getByText('رسائل مزعجة').first().waitFor();
    await animationsDone(moderator);
    await screenshot(moderator, 'moderation-panel-log-desktop');
    await panel.getByRole('tab', { name: 'المتصلون' }).click();
    await panel.getByText('ضيف مزعج').first().waitFor();
    await screenshot(moderator, 'moderation-panel-online-desktop');
    expect([...moderatorErrors, ...visitorErrors]).toEqual([]);
  });
});
