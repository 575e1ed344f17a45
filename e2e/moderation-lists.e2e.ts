/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aMember, api, connect, enterAsGuest, joinRoom } from '../src/server/testing/test-server';
import { animationsDone, DESKTOP, newContext, PHONE, pickRoom, screenshot, useSite, watchErrors } from './browser';

const site = useSite();

/** A signed-in member's browser (their session cookie) on the room picker, and its page errors. */
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

async function openPanel(page: Page) {
  await page
    .getByRole('button', { name: /لوحة الإشراف/ })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: 'لوحة الإشراف' });
  await panel.waitFor();
  return panel;
}

const moderate = (cookie: string, action: string, body: Record<string, unknown>) =>
  api(site.server.url, `/api/moderation/${action}`, { body, cookie });

describe("moderators' lists in the browser", () => {
  it('each tab follows kicks, mutes, lifts and arrivals made elsewhere while open, and is fresh when opened again', async () => {
    const moderator = await aMember(site.server, 'وداد', 'moderator');
    const colleague = await aMember(site.server, 'فادي', 'moderator');
    const { page, errors } = await signedIn(moderator.cookie, DESKTOP);
    await pickRoom(page, 'الغرفة العامة');
    const panel = await openPanel(page);

    // Online: someone who arrives elsewhere appears without a reload, and leaves when kicked.
    await panel.getByRole('tab', { name: 'المتصلون' }).click();
    await panel.getByText('وداد').first().waitFor();
    const visitor = await enterAsGuest(site.server.url, 'زائر متأخر');
    const socket = await connect(site.server.url, visitor.cookie);
    await joinRoom(socket, 'syria');
    await panel.getByText('زائر متأخر').waitFor();

    // Sanctions: a mute by a colleague shows up while the tab is open; its lift takes it away.
    await panel.getByRole('tab', { name: 'العقوبات السارية' }).click();
    await panel.getByText('لا توجد عقوبات سارية').waitFor();
    expect(
      (await moderate(colleague.cookie, 'mute', { targetId: visitor.user.id, reason: 'إزعاج الغرفة' })).status,
    ).toBe(200);
    await panel.getByText('إزعاج الغرفة').waitFor();
    await animationsDone(page);
    await screenshot(page, 'moderation-lists-sanction-live-desktop');
    const lifted = await api(site.server.url, `/api/moderation/mute/${visitor.user.id}`, {
      method: 'DELETE',
      cookie: colleague.cookie,
    });
    expect(lifted.status).toBe(200);
    await panel.getByText('لا توجد عقوبات سارية').waitFor();

    // The log, opened after those: the lift is there, and a kick made while it is open joins it.
    await panel.getByRole('tab', { name: 'السجل' }).click();
    await panel.getByRole('listitem').filter({ hasText: 'رفع الكتم' }).first().waitFor();
    expect(
      (await moderate(colleague.cookie, 'kick', { targetId: visitor.user.id, reason: 'طرد للتجربة' })).status,
    ).toBe(200);
    await panel.getByText('طرد للتجربة').waitFor();

    // Back on the online list: the kicked visitor is gone.
    await panel.getByRole('tab', { name: 'المتصلون' }).click();
    await panel.getByText('زائر متأخر').waitFor({ state: 'detached' });
    await screenshot(page, 'moderation-lists-online-desktop');
    socket.close();
    expect(errors).toEqual([]);
  });

  it('an admin makes a member a moderator from the person card on a phone; an open panel elsewhere shows the new role', async () => {
    const admin = await aMember(site.server, 'منيرة', 'admin');
    const watcher = await aMember(site.server, 'سلمان', 'moderator');
    const member = await aMember(site.server, 'هدى', 'member');
    const profile = await api(site.server.url, `/api/users/${member.user.id}`, {
      method: 'PUT',
      body: { gender: 'أنثى' },
      cookie: member.cookie,
    });
    expect(profile.status).toBe(200);
    const memberSocket = await connect(site.server.url, member.cookie);
    await joinRoom(memberSocket, 'general');

    const { page: phone, errors: phoneErrors } = await signedIn(admin.cookie, PHONE);
    const { page: desk, errors: deskErrors } = await signedIn(watcher.cookie, DESKTOP);
    await pickRoom(phone, 'الغرفة العامة');
    await pickRoom(desk, 'الغرفة العامة');
    const panel = await openPanel(desk);
    const row = panel.getByRole('listitem').filter({ hasText: 'هدى' });
    await row.getByText('عضو', { exact: true }).waitFor();

    // The phone: the online drawer, her card, «ترقية إلى مشرف», confirmed.
    await phone.getByRole('button', { name: 'عرض المتصلين' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: /هدى/ }).first().click();
    const card = phone.getByRole('dialog', { name: 'هدى' });
    await card.getByRole('button', { name: /ترقية إلى مشرف/ }).click();
    await card.getByText(/إلى مشرفة؟/).waitFor();
    await animationsDone(phone);
    await screenshot(phone, 'moderation-card-promote-phone');
    await card.getByRole('button', { name: 'ترقية', exact: true }).click();
    await phone.getByText(/أصبحت رتبة .*هدى.*: مشرف/).waitFor();

    // The desktop moderator's open panel shows her new role without a reload.
    await row.getByText('مشرف', { exact: true }).waitFor();
    await screenshot(desk, 'moderation-lists-promoted-desktop');

    // And back: the card (the drawer is still open under it) now offers to make her a member again.
    await screenshot(phone, 'moderation-card-promoted-phone');
    await phone.getByRole('dialog').getByRole('button', { name: /هدى/ }).first().click();
    await card.getByRole('button', { name: /إعادة إلى عضو/ }).click();
    await card.getByRole('button', { name: 'إعادة إلى عضو', exact: true }).click();
    await row.getByText('عضو', { exact: true }).waitFor();
    memberSocket.close();
    expect([...phoneErrors, ...deskErrors]).toEqual([]);
  });
});
