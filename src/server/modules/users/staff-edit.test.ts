import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { moderationLog } from '../../db/schema';
import {
  aMember,
  api,
  apiForm,
  startTestServer,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

// Issue 19 §3: staff editing another user may change or clear the display name and clear the bio
// and status line, nothing else; each change is in the moderation log with its before and after;
// the reply is the public profile, never the target's private fields.

let server: TestServer;
let moderator: SignedInClient;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await aMember(server, 'حارس_الملفات', 'moderator');
});
afterAll(async () => {
  await server?.close();
});

const put = (id: number, cookie: string, body: unknown) =>
  api(server.url, `/api/users/${id}`, { method: 'PUT', cookie, body });

const PRIVATE_FIELDS = ['age', 'isHidden', 'globalSoundEnabled', 'showSystemMessages', 'privateMessagesFrom'];

/** A member with a filled profile, private fields included. */
async function aFilledMember(name: string): Promise<SignedInClient> {
  const member = await aMember(server, name);
  const res = await put(member.user.id, member.cookie, {
    displayName: `${name} المزعج`,
    bio: 'نبذة مسيئة',
    statusText: 'حالة مسيئة',
    age: 30,
    usernameColor: '#123456',
    privateMessagesFrom: 'friends',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return member;
}

const profileOf = async (member: SignedInClient) =>
  (await api(server.url, `/api/users/${member.user.id}`, { cookie: member.cookie })).body.user as Record<
    string,
    unknown
  >;

const logOf = (targetId: number) =>
  server.app.database.db
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.targetId, targetId), eq(moderationLog.action, 'editProfile')))
    .orderBy(asc(moderationLog.id));

describe('staff editing another user', () => {
  it('may rename them and clear their bio and status line, each change logged with before and after', async () => {
    const member = await aFilledMember('هشام');
    const res = await put(member.user.id, moderator.cookie, { displayName: 'اسم لائق', bio: null, statusText: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.user.id, displayName: 'اسم لائق' });
    const stored = await profileOf(member);
    expect(stored).toMatchObject({ displayName: 'اسم لائق', age: 30, usernameColor: '#123456' });
    expect(stored.bio || null).toBeNull();
    expect(stored.statusText || null).toBeNull();

    const entries = await logOf(member.user.id);
    expect(entries.map((e) => [e.actorId, e.reason, e.details])).toEqual([
      [moderator.user.id, 'displayName', { field: 'displayName', before: 'هشام المزعج', after: 'اسم لائق' }],
      [moderator.user.id, 'bio', { field: 'bio', before: 'نبذة مسيئة', after: stored.bio ?? null }],
      [
        moderator.user.id,
        'statusText',
        { field: 'statusText', before: 'حالة مسيئة', after: stored.statusText ?? null },
      ],
    ]);
  });

  it('gets the public profile back, never the private fields', async () => {
    const member = await aFilledMember('نزار');
    const res = await put(member.user.id, moderator.cookie, { displayName: 'نزار فقط' });
    expect(res.status).toBe(200);
    const user = res.body.user as Record<string, unknown>;
    for (const field of PRIVATE_FIELDS) expect(user, field).not.toHaveProperty(field);
    // The user editing themself still gets their full record.
    const own = await put(member.user.id, member.cookie, { statusText: 'عدت' });
    for (const field of PRIVATE_FIELDS) expect(own.body.user, field).toHaveProperty(field);
  });

  it('is refused any other field, or new text in the bio or status line, with nothing stored or logged', async () => {
    const member = await aFilledMember('سهيل');
    const before = await profileOf(member);
    for (const body of [
      { usernameColor: '#000001' },
      { age: 40 },
      { gender: 'ذكر' },
      { isHidden: false },
      { privateMessagesFrom: 'everyone' },
      { showSystemMessages: false },
      { profileFrame: 'frame3' },
      { bio: 'نبذة كتبها المشرف' },
      { statusText: 'حالة كتبها المشرف' },
      // One refused field refuses the whole edit: the allowed rename is not stored either.
      { displayName: 'اسم جديد', age: 41 },
    ]) {
      const res = await put(member.user.id, moderator.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.code).toBe('STAFF_EDIT_FIELD');
      expect(res.body.message).toBe(ERROR_MESSAGES.STAFF_EDIT_FIELD);
    }
    expect(await profileOf(member)).toEqual(before);
    expect(await logOf(member.user.id)).toEqual([]);
  });

  it('applies to admins as to moderators, and staff below the target are refused as before', async () => {
    const member = await aFilledMember('رائد');
    const admin = await aMember(server, 'سالم_الحكيم', 'admin');
    expect((await put(member.user.id, admin.cookie, { usernameColor: '#000003' })).body.code).toBe('STAFF_EDIT_FIELD');
    const upward = await put(admin.user.id, moderator.cookie, { displayName: 'سالم' });
    expect(upward.body.code).toBe('TARGET_OUTRANKS');
  });

  it("may not put a picture in someone else's profile, nor see their private fields that way", async () => {
    const member = await aFilledMember('ياسر');
    const before = await profileOf(member);
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const res = await apiForm(server.url, `/api/users/${member.user.id}/avatar`, {
      cookie: moderator.cookie,
      files: { avatar: { data: png, type: 'image/png', name: 'x.png' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('STAFF_EDIT_FIELD');
    expect(res.body).not.toHaveProperty('user');
    expect(await profileOf(member)).toEqual(before);
  });

  it("may clear a muted user's bio: the mute silences the user, not staff", async () => {
    const member = await aFilledMember('كاظم');
    const muted = await api(server.url, '/api/moderation/mute', {
      cookie: moderator.cookie,
      body: { targetId: member.user.id, durationMinutes: 10 },
    });
    expect(muted.status).toBe(200);
    expect((await put(member.user.id, member.cookie, { bio: 'أنا مكتوم' })).body.code).toBe('MUTED');
    const cleared = await put(member.user.id, moderator.cookie, { bio: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await profileOf(member)).bio || null).toBeNull();
  });
});
