/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aMember } from '../src/server/testing/test-server';
import {
  animationsDone,
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

const picker = (page: Page) => page.getByRole('heading', { name: 'اختر غرفة للدردشة' });
const log = (page: Page) => page.getByRole('log');

/** A signed-in member's desktop browser (their session cookie), on the room picker. */
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

/** The row of a message in the room's list, by its text. */
const row = (page: Page, text: string) => log(page).locator('li', { has: page.getByText(text, { exact: true }) });

/** Opens a message's menu (the react button beside it). */
async function openMenu(page: Page, text: string): Promise<void> {
  await row(page, text).getByRole('button', { name: 'تفاعل' }).click();
}

/** Staff's room tools: fills the given fields and saves. */
async function setRoomTools(page: Page, fields: { welcome?: string; announcement?: string; seconds?: string }) {
  await page.getByRole('button', { name: 'أدوات الغرفة' }).click();
  const dialog = page.getByRole('dialog');
  if (fields.welcome !== undefined) await dialog.getByLabel(/رسالة الترحيب/).fill(fields.welcome);
  if (fields.announcement !== undefined) await dialog.getByLabel(/الإعلان/).fill(fields.announcement);
  if (fields.seconds !== undefined) await dialog.getByLabel(/الوضع البطيء/).fill(fields.seconds);
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('message tools in the browser', () => {
  it('an edit, a pin, an announcement, a welcome and slow mode reach the other browser live', async () => {
    const { page: staff, errors: staffErrors } = await signedIn(
      (await aMember(site.server, 'سلمى', 'moderator')).cookie,
    );
    await pickRoom(staff, 'الغرفة العامة');
    await setRoomTools(staff, { welcome: 'أهلاً {name} في الغرفة العامة' });

    const visitor = await (await newContext(site.browser, site.server.url, PHONE)).newPage();
    const visitorErrors = watchErrors(visitor);
    await enterAsVisitor(visitor, 'زائر الأدوات');
    await pickRoom(visitor, 'الغرفة العامة');
    // The welcome names whoever enters.
    await visitor.getByText('أهلاً زائر الأدوات في الغرفة العامة').waitFor();
    await visitor.getByRole('button', { name: 'إغلاق الترحيب' }).click();

    // The visitor edits their message: Escape leaves it as it was, Enter saves the new text.
    await send(visitor, 'موعدنا الساعة الثامنة');
    await row(staff, 'موعدنا الساعة الثامنة').waitFor();
    await openMenu(visitor, 'موعدنا الساعة الثامنة');
    await visitor.getByRole('button', { name: 'تعديل رسالتك' }).click();
    const editor = visitor.getByRole('textbox', { name: 'تعديل رسالتك' });
    await editor.fill('لن يُحفظ');
    await editor.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);
    await row(visitor, 'موعدنا الساعة الثامنة').waitFor();
    await openMenu(visitor, 'موعدنا الساعة الثامنة');
    await visitor.getByRole('button', { name: 'تعديل رسالتك' }).click();
    await editor.fill('موعدنا الساعة التاسعة');
    await editor.press('Enter');
    // The other browser sees the new text, marked edited, and the old one is gone.
    await row(staff, 'موعدنا الساعة التاسعة').getByText('(معدّلة)').waitFor();
    expect(await log(staff).getByText('موعدنا الساعة الثامنة', { exact: true }).count()).toBe(0);
    await row(visitor, 'موعدنا الساعة التاسعة').getByText('(معدّلة)').waitFor();

    // Staff pin it from its menu: the pin shows under the header in the visitor's browser.
    await openMenu(staff, 'موعدنا الساعة التاسعة');
    await staff.getByRole('button', { name: 'تثبيت', exact: true }).click();
    const visitorPins = visitor.getByRole('navigation', { name: 'رسائل مثبّتة' });
    await visitorPins.getByText('موعدنا الساعة التاسعة').waitFor();

    // An announcement and slow mode from the room tools appear live.
    await setRoomTools(staff, { announcement: 'اجتماع الأعضاء مساء الخميس', seconds: '30' });
    const announcement = visitor.getByRole('region', { name: 'إعلان الغرفة' });
    await announcement.getByText('اجتماع الأعضاء مساء الخميس').waitFor();
    await visitor.getByText('بطيء 30ث').waitFor();

    // Slow mode: after a message the composer counts down and will not send.
    await send(visitor, 'رسالة في الوضع البطيء');
    await row(visitor, 'رسالة في الوضع البطيء').waitFor();
    await visitor.getByText(/يمكنك الإرسال بعد \d+ ثانية/).waitFor();
    await expect
      .poll(() =>
        visitor
          .locator('form', { has: composer(visitor) })
          .getByRole('button', { name: 'إرسال', exact: true })
          .isDisabled(),
      )
      .toBe(true);

    await composer(visitor).fill('');
    await animationsDone(visitor);
    await screenshot(visitor, 'message-tools-phone');
    await row(staff, 'رسالة في الوضع البطيء').waitFor();
    await animationsDone(staff);
    await screenshot(staff, 'message-tools-desktop');

    // A jump from the pin reaches the message; the announcement closes for this person only.
    await visitorPins.getByRole('button', { name: /المثبّتة/ }).click();
    await announcement.getByRole('button', { name: 'إخفاء الإعلان' }).click();
    await expect.poll(() => announcement.count()).toBe(0);
    await staff.getByRole('region', { name: 'إعلان الغرفة' }).waitFor();

    expect(staffErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
  });
});
