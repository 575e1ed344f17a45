/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aMember, api } from '../src/server/testing/test-server';
import {
  animationsDone,
  clickRoom,
  DESKTOP,
  newContext,
  PHONE,
  screenshot,
  submitVisitorForm,
  useSite,
  watchErrors,
} from './browser';

const site = useSite();

/** A picture as a phone would pick it: a gradient, so the preview and the icon are visibly it. */
function aPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0e7c66"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="600" height="400" fill="url(#g)"/><circle cx="300" cy="200" r="110" fill="#fff" opacity="0.85"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** A signed-in member's browser (their session cookie), on the room picker. */
async function signedIn(cookie: string, device: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const { url } = site.server;
  const context = await newContext(site.browser, url, device);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
  return page;
}

async function enterAsVisitor(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('tab', { name: 'دخول زائر' }).waitFor();
  await submitVisitorForm(page, name);
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
  return page;
}

async function pickRoom(page: Page, roomName: string): Promise<void> {
  await clickRoom(page, roomName);
  await page.getByRole('heading', { name: roomName, exact: true }).waitFor();
}

const roomsAside = (page: Page) => page.getByRole('complementary', { name: 'الغرف' });

describe('room management in the browser', () => {
  it('an admin creates a room with a picture and a visitor sees it appear live; screens as admin and visitor', async () => {
    const { url } = site.server;
    const admin = await aMember(site.server, 'سلمى', 'admin');
    // A locked room shows how each sees it: the visitor cannot enter, staff can.
    const owner = await aMember(site.server, 'نادر', 'owner');
    await api(url, '/api/rooms/lebanon/lock', { method: 'PUT', body: { isLocked: true }, cookie: owner.cookie });

    const adminPhone = await signedIn(admin.cookie, PHONE);
    const adminDesktop = await signedIn(admin.cookie, DESKTOP);
    const visitorDesktop = await enterAsVisitor(await newContext(site.browser, url, DESKTOP), 'زائر الغرف');
    const visitorPhone = await enterAsVisitor(await newContext(site.browser, url, PHONE), 'زائرة');
    const errors = [adminPhone, adminDesktop, visitorDesktop, visitorPhone].flatMap((p) => watchErrors(p));

    // The add-room button is for admin and owner only.
    expect(await visitorDesktop.getByRole('button', { name: 'إضافة غرفة' }).count()).toBe(0);
    expect(await visitorDesktop.getByRole('button', { name: /^خيارات / }).count()).toBe(0);
    // The grid: a locked room reads 'غرفة مقفلة' and cannot be entered by a visitor; staff may enter it.
    const lockedCard = visitorDesktop.getByRole('listitem').filter({ hasText: 'شات لبنان' });
    await expect.poll(() => lockedCard.getByRole('button', { name: 'غرفة مقفلة' }).isDisabled()).toBe(true);
    expect(await adminDesktop.getByRole('button', { name: 'دخول شات لبنان' }).isEnabled()).toBe(true);
    await screenshot(adminPhone, 'rooms-admin-phone');
    await screenshot(adminDesktop, 'rooms-admin-desktop');
    await screenshot(visitorPhone, 'rooms-visitor-phone');
    await screenshot(visitorDesktop, 'rooms-visitor-desktop');
    await lockedCard.scrollIntoViewIfNeeded();
    await screenshot(visitorDesktop, 'rooms-visitor-desktop-locked-room');

    await pickRoom(visitorDesktop, 'الغرفة العامة');

    // The dialog: create stays disabled until the name has more than spaces.
    await adminPhone.getByRole('button', { name: 'إضافة غرفة' }).click();
    const dialog = adminPhone.getByRole('dialog', { name: 'إنشاء غرفة جديدة' });
    const create = dialog.getByRole('button', { name: 'إنشاء الغرفة' });
    await dialog.getByLabel('اسم الغرفة').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('اسم الغرفة').fill('سهرة الخليج');
    await dialog.getByLabel('الوصف (اختياري)').fill('سوالف وضحك كل مساء');
    await dialog.getByLabel('اختر صورة').setInputFiles({
      name: 'sahra.jpg',
      mimeType: 'image/jpeg',
      buffer: await aPicture(),
    });
    await dialog.getByRole('img', { name: 'معاينة صورة الغرفة' }).waitFor();
    await screenshot(adminPhone, 'rooms-create-dialog-phone');
    await create.click();
    await dialog.waitFor({ state: 'detached' });

    // The visitor's room list shows it at once, with its picture.
    const newRoom = roomsAside(visitorDesktop).getByRole('button', { name: /سهرة الخليج/ });
    await newRoom.waitFor();
    const icon = newRoom.locator('img');
    await expect.poll(() => icon.getAttribute('src')).toMatch(/^\/uploads\/rooms\/[0-9a-f]{32}\.webp$/);
    await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(256);
    await newRoom.scrollIntoViewIfNeeded();
    await screenshot(visitorDesktop, 'rooms-visitor-sees-new-room-desktop');
    const mine = adminPhone.getByRole('button', { name: /^سهرة الخليج/ });
    await mine.scrollIntoViewIfNeeded();
    await animationsDone(adminPhone);
    await screenshot(adminPhone, 'rooms-admin-after-create-phone');

    expect(errors).toEqual([]);
    for (const page of [adminPhone, adminDesktop, visitorDesktop, visitorPhone]) await page.context().close();
    await api(url, '/api/rooms/lebanon/lock', { method: 'PUT', body: { isLocked: false }, cookie: owner.cookie });
  });

  it('the room menu changes a picture, locks, and deletes a room: people inside move to the general room', async () => {
    const { url } = site.server;
    const admin = await aMember(site.server, 'رانيا', 'admin');
    const created = await api(url, '/api/rooms', {
      method: 'POST',
      cookie: admin.cookie,
      body: { name: 'غرفة مؤقتة', description: 'للتجربة', isBroadcast: 'false' },
    });
    expect(created.status).toBe(201);

    const adminPage = await signedIn(admin.cookie, DESKTOP);
    const visitor = await enterAsVisitor(await newContext(site.browser, url, PHONE), 'ضيف عابر');
    const errors = watchErrors(adminPage, visitor);
    await pickRoom(visitor, 'غرفة مؤقتة');

    const menu = adminPage.getByRole('button', { name: 'خيارات غرفة مؤقتة' });
    // Change the picture: spec §8 success toast.
    await menu.click();
    const chooser = adminPage.waitForEvent('filechooser');
    await adminPage.getByRole('menuitem', { name: 'تغيير صورة الغرفة' }).click();
    await (await chooser).setFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: await aPicture() });
    await adminPage.getByText('نجاح: تم تحديث صورة الغرفة').waitFor();
    // A file that is not a picture: the error toast, with the server's reason.
    await menu.click();
    const chooser2 = adminPage.waitForEvent('filechooser');
    await adminPage.getByRole('menuitem', { name: 'تغيير صورة الغرفة' }).click();
    await (await chooser2).setFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('<html></html>') });
    await adminPage.getByText('خطأ: فشل في تحديث صورة الغرفة: الملف ليس صورة صالحة').waitFor();

    // Lock and unlock: the mark follows on the admin's list.
    await menu.click();
    await adminPage.getByRole('menuitem', { name: 'قفل الغرفة' }).click();
    const card = adminPage.getByRole('listitem').filter({ hasText: 'غرفة مؤقتة' });
    await card.getByLabel('مقفلة').waitFor();
    // The visitor inside now reads why they cannot write.
    await visitor.getByText('الغرفة مقفلة الآن؛ لا يمكن الكتابة فيها إلا للمشرفين').waitFor();
    await screenshot(visitor, 'chat-phone-room-locked-composer');
    await menu.click();
    await adminPage.getByRole('menuitem', { name: 'فتح الغرفة' }).click();
    await card.getByLabel('مقفلة').waitFor({ state: 'detached' });

    // Delete asks first; the visitor inside is moved to the general room and told.
    await menu.click();
    await adminPage.getByRole('menuitem', { name: 'حذف الغرفة' }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'هل أنت متأكد من حذف هذه الغرفة؟' });
    await confirm.waitFor();
    await screenshot(adminPage, 'rooms-delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'نعم، احذف الغرفة' }).click();
    await visitor.getByText('حُذفت الغرفة التي كنت فيها، فنُقلت إلى الغرفة العامة').waitFor();
    await visitor.getByRole('heading', { name: 'الغرفة العامة', exact: true }).waitFor();
    await visitor.getByRole('textbox', { name: 'اكتب رسالتك' }).and(visitor.locator(':enabled')).waitFor();
    await animationsDone(visitor);
    await screenshot(visitor, 'chat-phone-moved-after-delete');
    await card.waitFor({ state: 'detached' });
    // Default rooms have no delete in their menu.
    await adminPage.getByRole('button', { name: 'خيارات الغرفة العامة' }).click();
    expect(await adminPage.getByRole('menuitem', { name: 'حذف الغرفة' }).count()).toBe(0);
    await adminPage.keyboard.press('Escape');

    expect(errors).toEqual([]);
    await adminPage.context().close();
    await visitor.context().close();
  });

  it('shows a visitor why they cannot write when the room is closed to visitors', async () => {
    const { url } = site.server;
    const moderator = await aMember(site.server, 'حارس', 'moderator');
    const visitor = await enterAsVisitor(await newContext(site.browser, url, PHONE), 'ضيفة');
    await pickRoom(visitor, 'شات قطر');
    await api(url, '/api/rooms/qatar/chat-lock', {
      method: 'PUT',
      body: { chatLockVisitors: true },
      cookie: moderator.cookie,
    });
    const box = visitor.getByRole('textbox', { name: 'اكتب رسالتك' });
    await visitor.getByText('الكتابة في هذه الغرفة للأعضاء فقط؛ سجّل عضوية لتشارك').waitFor();
    expect(await box.isDisabled()).toBe(true);
    await api(url, '/api/rooms/qatar/chat-lock', {
      method: 'PUT',
      body: { chatLockVisitors: false },
      cookie: moderator.cookie,
    });
    await expect.poll(() => box.isEnabled()).toBe(true);
    await visitor.context().close();
  });
});
