/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  composer,
  DESKTOP,
  enterAsVisitor,
  newContext,
  PHONE,
  pickRoom,
  screenshot,
  send,
  useSite,
  watchErrors,
} from './browser';

const site = useSite();

async function enterRoom(page: Page, name: string, roomName: string, female = false): Promise<void> {
  await enterAsVisitor(page, name, female);
  await pickRoom(page, roomName);
}

const log = (page: Page) => page.getByRole('log');
/** The list row of a message, by its text. */
const row = (page: Page, text: string) => log(page).locator('li', { hasText: text }).last();

describe('people in a room', () => {
  it('a heart updates the count in both browsers; a mention reaches the notification panel', async () => {
    const phone = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const desktop = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const errors = watchErrors(phone, desktop);
    await enterRoom(phone, 'ليلى', 'شات تونس', true);
    await enterRoom(desktop, 'باسل', 'شات تونس');

    await send(desktop, 'من يحب القهوة؟');
    await row(phone, 'من يحب القهوة؟').waitFor();

    // React from the phone: the react button is always shown on touch screens.
    await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'تفاعل' }).first().click();
    await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'قلب', exact: true }).click();
    await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'قلب: 1' }).waitFor();
    await row(desktop, 'من يحب القهوة؟').getByRole('button', { name: 'قلب: 1' }).waitFor();
    expect(
      await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'قلب: 1' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // Switched to a like: the heart goes, in both.
    await row(desktop, 'من يحب القهوة؟').getByRole('button', { name: 'قلب: 1' }).waitFor();
    await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'تفاعل' }).first().click();
    await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'إعجاب', exact: true }).click();
    await row(desktop, 'من يحب القهوة؟').getByRole('button', { name: 'إعجاب: 1' }).waitFor();
    await expect.poll(() => row(desktop, 'من يحب القهوة؟').getByRole('button', { name: 'قلب: 1' }).count()).toBe(0);

    // The card of the other person, opened from their name in the message.
    await row(phone, 'من يحب القهوة؟').getByRole('button', { name: 'باسل', exact: true }).click();
    const card = phone.getByRole('dialog');
    await card.getByRole('button', { name: 'إضافة صديق' }).waitFor();
    await card.getByText('متصل الآن').waitFor();
    await screenshot(phone, 'social-user-card-phone');

    // Mention from the card: the composer gets "@باسل ".
    await card.getByRole('button', { name: 'إشارة' }).click();
    await expect.poll(() => composer(phone).inputValue()).toBe('@باسل ');
    await composer(phone).press('End');
    await composer(phone).pressSequentially('أنا!');
    await composer(phone).press('Enter');

    // He sees the badge, the highlight and the notification.
    await desktop.getByTestId('notification-badge').waitFor();
    await expect.poll(() => desktop.title()).toMatch(/^\(1\) /);
    await expect.poll(() => row(desktop, 'أنا!').getAttribute('class')).toContain('message-mention');
    await desktop.getByRole('button', { name: /^الإشعارات/ }).click();
    await desktop.getByRole('dialog').getByText('\u2068ليلى\u2069 أشارت إليك').waitFor();
    await screenshot(desktop, 'social-notifications-desktop');

    // He replies from the message's menu: she sees the quote, and is notified.
    await desktop.keyboard.press('Escape');
    await row(desktop, 'أنا!').hover();
    await row(desktop, 'أنا!').getByRole('button', { name: 'تفاعل' }).first().click();
    await row(desktop, 'أنا!').getByRole('button', { name: 'رد', exact: true }).click();
    await desktop.getByText('رد على ليلى').waitFor();
    await send(desktop, 'أهلاً بك');
    await row(phone, 'أهلاً بك').getByRole('button', { name: 'الانتقال إلى رسالة ليلى' }).waitFor();
    await phone.getByTestId('notification-badge').waitFor();

    // A friend request from him: she answers it from her notification panel.
    await log(desktop)
      .locator('li', { hasText: 'أنا!' })
      .first()
      .getByRole('button', { name: 'ليلى', exact: true })
      .click();
    await desktop.getByRole('dialog').getByRole('button', { name: 'إضافة صديق' }).click();
    await desktop.getByRole('dialog').getByRole('button', { name: 'إلغاء الطلب' }).waitFor();
    await desktop.keyboard.press('Escape');
    await phone.getByTestId('notification-badge').waitFor();
    await phone.getByRole('button', { name: /^الإشعارات/ }).click();
    const panel = phone.getByRole('dialog');
    await panel.getByText('\u2068باسل\u2069 يريد أن يضيفك صديقاً').waitFor();
    await panel.getByText('\u2068باسل\u2069 ردّ على رسالتك').waitFor();
    await expect.poll(() => phone.title()).toMatch(/^\(2\) /);
    await screenshot(phone, 'social-notifications-phone');
    // Accepting reads the request's entry; "mark all read" the rest, and the title clears.
    await panel.getByRole('button', { name: 'قبول' }).click();
    await panel.getByRole('button', { name: 'قبول' }).waitFor({ state: 'detached' });
    await expect.poll(() => phone.title()).toMatch(/^\(1\) /);
    await panel.getByRole('button', { name: 'تعليم الكل كمقروء' }).click();
    await expect.poll(() => phone.title()).not.toMatch(/^\(/);
    await phone.keyboard.press('Escape');

    // Friends tab: each lists the other, online.
    await desktop.getByRole('tab', { name: 'الأصدقاء' }).click();
    await desktop.getByRole('button', { name: 'بطاقة ليلى' }).waitFor();
    await screenshot(desktop, 'social-friends-desktop');
    expect(errors).toEqual([]);
  });

  it('ignoring someone hides their messages, now and later', async () => {
    const reader = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const noisy = await (await newContext(site.browser, site.server.url, DESKTOP)).newPage();
    const errors = watchErrors(reader, noisy);
    await enterRoom(reader, 'هادئ', 'شات السودان');
    await enterRoom(noisy, 'مزعج', 'شات السودان');
    await send(noisy, 'رسالة مزعجة أولى');
    await row(reader, 'رسالة مزعجة أولى').waitFor();

    await row(reader, 'رسالة مزعجة أولى').getByRole('button', { name: 'مزعج', exact: true }).click();
    await reader.getByRole('dialog').getByRole('button', { name: 'تجاهل' }).click();
    await log(reader).getByText('رسالة مزعجة أولى').waitFor({ state: 'detached' });
    await reader.keyboard.press('Escape');

    await send(noisy, 'رسالة مزعجة ثانية');
    // Stored (no longer "sending"), so the server sent it to the room before it hears the reader's.
    await expect.poll(() => log(noisy).getByText('جاري الإرسال').count()).toBe(0);
    await send(reader, 'أنا هنا');
    await row(noisy, 'أنا هنا').waitFor();
    // The reader's own message came back over the same socket after anything sent to it before.
    await expect.poll(() => log(reader).getByText('جاري الإرسال').count()).toBe(0);
    expect(await log(reader).getByText('رسالة مزعجة').count()).toBe(0);
    // The people list leaves them out too.
    await reader.getByRole('button', { name: 'عرض المتصلين' }).click();
    const drawer = reader.getByRole('dialog');
    await drawer.getByText('هادئ').waitFor();
    expect(await drawer.getByText('مزعج').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
