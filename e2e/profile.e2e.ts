/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aMember } from '../src/server/testing/test-server';
import {
  animationsDone,
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

/** A signed-in member's browser (their session cookie), on the room picker. */
async function signedIn(
  cookie: string,
  device: typeof PHONE | typeof DESKTOP,
): Promise<{ page: Page; errors: string[] }> {
  const { url } = site.server;
  const context = await newContext(site.browser, url, device);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/');
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor();
  return { page, errors };
}

/** From the header's own button, through the settings, to the profile editor. */
async function openEditor(page: Page, name: string): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name: `الإعدادات: ${name}` }).click();
  await page.getByRole('button', { name: 'تعديل الملف الشخصي' }).click();
  const editor = page.getByRole('dialog', { name: 'الملف الشخصي' });
  await editor.waitFor();
  return editor;
}

describe('the profile editor', () => {
  it('a moderator changes name colour and effect, and another browser sees it live', async () => {
    const moderator = await aMember(site.server, 'نور', 'moderator');
    const watcher = await aMember(site.server, 'سهى');
    const { page: mod, errors: modErrors } = await signedIn(moderator.cookie, DESKTOP);
    const { page: other, errors: otherErrors } = await signedIn(watcher.cookie, DESKTOP);
    await pickRoom(mod, 'الغرفة العامة');
    await pickRoom(other, 'الغرفة العامة');
    await send(mod, 'مرحباً بالجميع');
    const online = other.getByRole('complementary', { name: 'المتصلون الآن' });
    const listed = online.locator('.username', { hasText: 'نور' });
    await listed.waitFor();
    const inMessages = other.getByRole('log').locator('.username', { hasText: 'نور' }).first();
    await inMessages.waitFor();

    const editor = await openEditor(mod, 'نور');
    await editor.getByRole('radio', { name: '#b91c1c' }).first().click();
    await editor.getByRole('radio', { name: 'انفجار نجمي' }).click();
    await editor.getByLabel('نبذة').fill('أحب الشعر والقهوة');
    // The preview follows at once, before saving.
    const preview = editor.getByTestId('profile-preview');
    await expect.poll(() => preview.locator('.username').first().getAttribute('data-name-color')).toBe('#b91c1c');
    await expect.poll(() => preview.locator('.username.effect-star-burst').count()).toBeGreaterThan(0);
    await animationsDone(mod);
    await screenshot(mod, 'profile-editor-moderator-desktop');
    await editor.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await mod.getByText('تم تحديث الملف الشخصي بنجاح').waitFor();

    // The other browser: the online list and the message line change without a reload.
    await expect.poll(() => listed.getAttribute('data-name-color'), { timeout: 5000 }).toBe('#b91c1c');
    await expect.poll(() => listed.evaluate((el) => el.classList.contains('effect-star-burst'))).toBe(true);
    await expect.poll(() => inMessages.getAttribute('data-name-color')).toBe('#b91c1c');
    await animationsDone(other);
    await screenshot(other, 'profile-live-other-browser-desktop');

    // A staff background (one colour becomes a 135° gradient) and the bio show on the card.
    const saved = await mod.evaluate(async (id) => {
      const res = await fetch(`/api/users/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ profileBackgroundColor: '#1e3a8a', statusText: 'في استراحة' }),
      });
      return res.status;
    }, moderator.user.id);
    expect(saved).toBe(200);
    await other.reload();
    await online.getByRole('button', { name: /نور/ }).first().click();
    const card = other.getByRole('dialog');
    await card.getByText('أحب الشعر والقهوة').waitFor();
    await card.getByText('في استراحة').waitFor();
    expect(
      await card.locator('[data-profile-background]').evaluate((el) => getComputedStyle(el).backgroundImage),
    ).toContain('linear-gradient');
    await animationsDone(other);
    await screenshot(other, 'profile-card-background-desktop');
    expect(modErrors).toEqual([]);
    expect(otherErrors).toEqual([]);
    await mod.context().close();
    await other.context().close();
  });

  it('a member cannot pick a gradient or a name effect, and the server refuses one anyway', async () => {
    const member = await aMember(site.server, 'بشرى');
    const { page, errors } = await signedIn(member.cookie, PHONE);
    await pickRoom(page, 'الغرفة العامة');
    const editor = await openEditor(page, 'بشرى');
    await editor.getByText('التدرّجات وتأثيرات الاسم وخلفية الملف متاحة للمشرفين والإدارة.').waitFor();
    expect(await editor.getByTestId('gradient-fields').count()).toBe(0);
    expect(await editor.getByRole('radiogroup', { name: 'تأثير الاسم' }).count()).toBe(0);
    expect(await editor.getByRole('radiogroup', { name: 'خلفية الملف' }).count()).toBe(0);
    // Frames, tags, a colour and the glow are everyone's.
    await editor.getByLabel('إطار الصورة').selectOption('10');
    await editor.getByLabel('الشارة أو التاج').selectOption('3');
    await editor.getByRole('radio', { name: '#1d4ed8' }).click();
    await animationsDone(page);
    await screenshot(page, 'profile-editor-member-phone');
    // One's own picture as the tag: reduced in the page to a small WebP, previewed, then stored.
    const picture = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#d97706' },
    })
      .png()
      .toBuffer();
    await editor
      .getByTestId('tag-image-input')
      .setInputFiles({ name: 'crown.png', mimeType: 'image/png', buffer: picture });
    await editor.getByRole('img', { name: 'شارتك الخاصة' }).waitFor();
    await expect
      .poll(() => editor.getByTestId('profile-preview').locator('img[src^="data:image/webp"]').count())
      .toBeGreaterThan(0);
    await editor.getByRole('img', { name: 'شارتك الخاصة' }).scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screenshot(page, 'profile-editor-tag-image-phone');
    await editor.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await page.getByText('تم تحديث الملف الشخصي بنجاح').waitFor();
    const storedTag = await page.evaluate(async (id) => {
      const res = await fetch(`/api/users/${id}`);
      return ((await res.json()) as { user: { profileTag: string | null } }).user.profileTag;
    }, member.user.id);
    expect(storedTag).toMatch(/^data:image\/webp;base64,/);

    // A hand-made request is refused with the Arabic reason.
    const refused = await page.evaluate(async (id) => {
      const res = await fetch(`/api/users/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usernameGradient: 'linear-gradient(90deg, #ff0000, #0000ff)' }),
      });
      return { status: res.status, body: (await res.json()) as { message: string } };
    }, member.user.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('للمشرفين والإدارة فقط');

    // The account part of the editor, scrolled to.
    await editor.getByRole('heading', { name: 'تغيير كلمة المرور' }).scrollIntoViewIfNeeded();
    await animationsDone(page);
    await screenshot(page, 'profile-editor-account-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a visitor becomes a member from the editor and keeps their name', async () => {
    const context = await newContext(site.browser, site.server.url, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await enterAsVisitor(page, 'زائرة الليل', true);
    await pickRoom(page, 'الغرفة العامة');
    await send(page, 'قبل التسجيل');
    const editor = await openEditor(page, 'زائرة الليل');
    const upgrade = editor.getByRole('form', { name: 'سجّل حسابك' });
    await upgrade.scrollIntoViewIfNeeded();
    await upgrade.getByLabel('كلمة المرور', { exact: true }).fill('layla-pass');
    await upgrade.getByLabel('تأكيد كلمة المرور').fill('layla-pass');
    await animationsDone(page);
    await screenshot(page, 'profile-editor-upgrade-phone');
    await upgrade.getByRole('button', { name: 'تسجيل الحساب' }).click();
    await page.getByText('أصبحت عضواً مسجّلاً، مرحباً بك').waitFor();
    await editor.getByRole('form', { name: 'تغيير كلمة المرور' }).waitFor();
    // The same account signs in with the password.
    const login = await page.evaluate(async () => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'زائرة الليل', password: 'layla-pass' }),
      });
      return res.status;
    });
    expect(login).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
