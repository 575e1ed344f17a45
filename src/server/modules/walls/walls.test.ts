import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { FriendRequest } from '../../../shared/api/friends';
import type { Notification } from '../../../shared/api/notifications';
import type { UploadedImage } from '../../../shared/api/uploads';
import type { WallComment, WallPost } from '../../../shared/api/walls';
import type { LogEntry, Report } from '../../../shared/entities/moderation';
import { sanctions } from '../../db/schema';
import { aPng } from '../../testing/test-images';
import {
  aMember,
  api,
  apiForm,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

async function tab(who: SignedInClient): Promise<ClientSocket> {
  const socket = await connect(server.url, who.cookie);
  sockets.push(socket);
  return socket;
}

const post = (who: SignedInClient, body: Record<string, unknown>) =>
  api(server.url, '/api/wall/posts', { body, cookie: who.cookie });
const wall = (who: SignedInClient, type: 'public' | 'friends', query = '') =>
  api(server.url, `/api/wall/posts/${type}${query}`, { cookie: who.cookie });
const react = (who: SignedInClient, id: number, type: string | null) =>
  api(server.url, `/api/wall/posts/${id}/reaction`, { body: { type }, cookie: who.cookie });
const comment = (who: SignedInClient, id: number, content: string) =>
  api(server.url, `/api/wall/posts/${id}/comments`, { body: { content }, cookie: who.cookie });
const remove = (who: SignedInClient, path: string) => api(server.url, path, { method: 'DELETE', cookie: who.cookie });

async function posted(who: SignedInClient, content: string, type: 'public' | 'friends' = 'public'): Promise<WallPost> {
  const res = await post(who, { content, type });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post as WallPost;
}

async function uploaded(who: SignedInClient): Promise<UploadedImage> {
  const res = await apiForm(server.url, '/api/uploads/image', {
    cookie: who.cookie,
    files: { image: { data: new Uint8Array(await aPng(300, 200)), type: 'image/png', name: 'p.png' } },
  });
  expect(res.status).toBe(200);
  return res.body.image as UploadedImage;
}

async function befriend(asker: SignedInClient, addressee: SignedInClient): Promise<void> {
  await api(server.url, '/api/friends/requests', { body: { userId: addressee.user.id }, cookie: asker.cookie });
  const incoming = (await api(server.url, '/api/friends/requests', { cookie: addressee.cookie })).body
    .incoming as FriendRequest[];
  const request = incoming.find((r) => r.from.id === asker.user.id)!;
  const accepted = await api(server.url, `/api/friends/requests/${request.id}/accept`, {
    body: {},
    cookie: addressee.cookie,
  });
  expect(accepted.status).toBe(200);
}

const ids = (res: { body: Record<string, unknown> }) => (res.body.posts as WallPost[]).map((p) => p.id);

/** Flood control counts over two 10 s windows: tests that post a lot move the clock past it. */
const nextWindow = () => server.clock.advance(21_000);

describe('posting', () => {
  it('lets a member post text up to 500 characters; a visitor reads but is invited to register', async () => {
    const huda = await aMember(server, 'هدى_حائط');
    const visitor = await enterAsGuest(server.url, 'زائر_حائط');
    const created = await posted(huda, 'أول منشور لي');
    expect(created).toMatchObject({
      content: 'أول منشور لي',
      type: 'public',
      image: null,
      reactions: { like: 0, dislike: 0, heart: 0 },
      myReaction: null,
      commentCount: 0,
      author: { id: huda.user.id, username: 'هدى_حائط' },
    });
    expect(created.author).toHaveProperty('profileFrame');
    expect(created.author).toHaveProperty('usernameColor');

    expect(ids(await wall(visitor, 'public'))).toContain(created.id);
    const refused = await post(visitor, { content: 'مرحبا', type: 'public' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'WALL_MEMBERS_ONLY' } });
    expect(refused.body.message).toBe(ERROR_MESSAGES.WALL_MEMBERS_ONLY);
    expect(refused.body.message).toMatch(/سجّل/);
    expect((await react(visitor, created.id, 'like')).body.code).toBe('WALL_MEMBERS_ONLY');
    expect((await comment(visitor, created.id, 'جميل')).body.code).toBe('WALL_MEMBERS_ONLY');

    expect((await post(huda, { content: 'ب'.repeat(500), type: 'public' })).status).toBe(201);
    expect((await post(huda, { content: 'ب'.repeat(501), type: 'public' })).body.code).toBe('WALL_POST_TOO_LONG');
    expect((await post(huda, { content: '   ', type: 'public' })).body.code).toBe('WALL_POST_EMPTY');
    expect((await post(huda, { content: 'x', type: 'everyone' })).body.code).toBe('WALL_TYPE_INVALID');
    expect((await api(server.url, '/api/wall/posts/secret')).status).toBe(401);
  });

  it('takes one picture: the poster’s own upload, used nowhere else', async () => {
    await nextWindow();
    const [rana, sami] = await Promise.all([aMember(server, 'رنا_صور'), aMember(server, 'سامي_صور')]);
    const picture = await uploaded(rana);
    const res = await post(rana, { content: '', type: 'public', imageId: picture.id });
    expect(res.status).toBe(201);
    expect((res.body.post as WallPost).image).toEqual({
      url: picture.url,
      thumbnailUrl: picture.thumbnailUrl,
      width: picture.width,
      height: picture.height,
    });
    expect((await fetch(server.url + picture.url)).status).toBe(200);
    expect((await post(rana, { content: 'مرة أخرى', type: 'public', imageId: picture.id })).body.code).toBe(
      'IMAGE_ALREADY_USED',
    );
    // Nor in a message once a post holds it.
    const socket = await tab(rana);
    await joinRoom(socket, 'general');
    const sent = await socket.timeout(3000).emitWithAck('publicMessage', {
      roomId: 'general',
      content: picture.url,
      messageType: 'image',
    });
    expect(sent).toMatchObject({ ok: false, code: 'IMAGE_ALREADY_USED' });

    const samis = await uploaded(sami);
    expect((await post(rana, { content: 'صورته', type: 'public', imageId: samis.id })).body.code).toBe(
      'IMAGE_NOT_YOURS',
    );
    // A picture already sent in a message is not taken for a post.
    const inChat = await uploaded(rana);
    const chat = await socket.timeout(3000).emitWithAck('publicMessage', {
      roomId: 'general',
      content: inChat.url,
      messageType: 'image',
    });
    expect(chat.ok).toBe(true);
    expect((await post(rana, { content: 'من الدردشة', type: 'public', imageId: inChat.id })).body.code).toBe(
      'IMAGE_ALREADY_USED',
    );
    expect((await post(rana, { content: 'لا يوجد', type: 'public', imageId: 'f'.repeat(32) })).body.code).toBe(
      'IMAGE_NOT_FOUND',
    );

    // Deleting the post deletes its picture.
    expect((await remove(rana, `/api/wall/posts/${(res.body.post as WallPost).id}`)).status).toBe(200);
    expect((await fetch(server.url + picture.url)).status).toBe(404);
  });

  it('goes through the word filter, flood control and sanctions like messages', async () => {
    await nextWindow();
    const admin = await aMember(server, 'حسام_حائط', 'admin');
    const [noura, lama] = await Promise.all([aMember(server, 'نورة_حائط'), aMember(server, 'لمى_حائط')]);
    const words = (list: unknown[]) =>
      api(server.url, '/api/moderation/words', { method: 'PUT', body: { words: list }, cookie: admin.cookie });
    expect(
      (
        await words([
          { word: 'بطيخ', action: 'block' },
          { word: 'خيار', action: 'mask' },
        ])
      ).status,
    ).toBe(200);
    expect((await post(noura, { content: 'أحب بطيخ', type: 'public' })).body.code).toBe('MESSAGE_BLOCKED_WORD');
    expect((await posted(noura, 'سلطة خيار')).content).toBe('سلطة ****');
    const target = await posted(lama, 'منشور للتعليق');
    expect((await comment(noura, target.id, 'بطيخ')).body.code).toBe('MESSAGE_BLOCKED_WORD');
    await words([]);

    // Flood: a member's allowance within 10 s, shared with messages.
    await nextWindow();
    const codes: unknown[] = [];
    for (let i = 0; i < 10; i++) codes.push((await post(noura, { content: `رقم ${i}`, type: 'public' })).body.code);
    expect(codes).toContain('MESSAGE_RATE_LIMITED');
    await nextWindow();

    // Muted: post, comment and react refused, saying for how long.
    const mod = await aMember(server, 'جميلة_كتم', 'moderator');
    const muted = await api(server.url, '/api/moderation/mute', {
      body: { targetId: noura.user.id, durationMinutes: 5 },
      cookie: mod.cookie,
    });
    expect(muted.status).toBe(200);
    for (const res of [
      await post(noura, { content: 'مكتومة', type: 'public' }),
      await comment(noura, target.id, 'مكتومة'),
      await react(noura, target.id, 'heart'),
    ]) {
      expect(res).toMatchObject({ status: 403, body: { code: 'MUTED' } });
      expect(res.body.timeLeft).toBeGreaterThan(0);
    }
    await server.clock.advance(6 * 60_000);
    expect((await post(noura, { content: 'عدت', type: 'public' })).status).toBe(201);

    // Banned (a ban from another node, say, while this session still lives).
    await server.app.database.db.insert(sanctions).values({
      kind: 'ban',
      userId: lama.user.id,
      reason: 'اختبار',
      createdAt: new Date(server.clock.now()),
      expiresAt: new Date(server.clock.now() + 10 * 60_000),
    });
    expect((await post(lama, { content: 'ممنوعة', type: 'public' })).body.code).toBe('BANNED');
    expect((await comment(lama, target.id, 'ممنوعة')).body.code).toBe('BANNED');
  });
});

describe('who sees what', () => {
  it('shows a friends post to the author’s friends and the author only, over HTTP and live', async () => {
    await nextWindow();
    const [ali, friend, stranger] = await Promise.all([
      aMember(server, 'علي_أصدقاء'),
      aMember(server, 'صديق_علي'),
      aMember(server, 'غريب_علي'),
    ]);
    await befriend(ali, friend);
    const [friendTab, strangerTab, aliTab] = [await tab(friend), await tab(stranger), await tab(ali)];
    const strangerHeard = recordEnvelopes(strangerTab);
    const friendHears = nextEnvelope(friendTab, 'wallPostCreated');
    const aliHears = nextEnvelope(aliTab, 'wallPostCreated');
    const secret = await posted(ali, 'لأصدقائي فقط', 'friends');
    expect((await friendHears).post.id).toBe(secret.id);
    expect((await aliHears).post.id).toBe(secret.id);

    expect(ids(await wall(friend, 'friends'))).toContain(secret.id);
    expect(ids(await wall(ali, 'friends'))).toContain(secret.id);
    expect(ids(await wall(stranger, 'friends'))).not.toContain(secret.id);
    expect(ids(await wall(stranger, 'public'))).not.toContain(secret.id);
    expect(ids(await wall(friend, 'public'))).not.toContain(secret.id);
    // Nothing about it answers a non-friend: comments, reactions, reports.
    for (const res of [
      await api(server.url, `/api/wall/posts/${secret.id}/comments`, { cookie: stranger.cookie }),
      await comment(stranger, secret.id, 'أنا هنا'),
      await react(stranger, secret.id, 'like'),
      await api(server.url, `/api/wall/posts/${secret.id}/report`, { body: { reason: 'x' }, cookie: stranger.cookie }),
    ])
      expect(res).toMatchObject({ status: 404, body: { code: 'WALL_POST_NOT_FOUND' } });

    // A friend's comment and reaction reach the friends, never the stranger.
    const commented = nextEnvelope(aliTab, 'wallCommentCreated');
    expect((await comment(friend, secret.id, 'جميل')).status).toBe(201);
    expect((await commented).commentCount).toBe(1);
    const updated = nextEnvelope(aliTab, 'wallPostUpdated', (e) => e.reactorId === friend.user.id);
    expect((await react(friend, secret.id, 'heart')).status).toBe(200);
    expect((await updated).reactions.heart).toBe(1);
    const deleted = nextEnvelope(friendTab, 'wallPostDeleted');
    expect((await remove(ali, `/api/wall/posts/${secret.id}`)).status).toBe(200);
    await deleted;
    await settled(strangerTab);
    expect(strangerHeard.filter((e) => e.type.startsWith('wall'))).toEqual([]);

    // A public post reaches the stranger too.
    const open = nextEnvelope(strangerTab, 'wallPostCreated');
    const shown = await posted(ali, 'للجميع');
    expect((await open).post.id).toBe(shown.id);
  });

  it('leaves out the posts and comments of people the reader ignores', async () => {
    await nextWindow();
    const [maha, noisy] = await Promise.all([aMember(server, 'مها_تجاهل'), aMember(server, 'مزعج_تجاهل')]);
    expect(
      (await api(server.url, `/api/users/${maha.user.id}/ignore/${noisy.user.id}`, { body: {}, cookie: maha.cookie }))
        .status,
    ).toBe(200);
    const mahaTab = await tab(maha);
    const heard = recordEnvelopes(mahaTab);
    const loud = await posted(noisy, 'اسمعوني');
    const mine = await posted(maha, 'منشوري');
    expect((await comment(noisy, mine.id, 'تعليق مزعج')).status).toBe(201);
    const page = ids(await wall(maha, 'public'));
    expect(page).toContain(mine.id);
    expect(page).not.toContain(loud.id);
    const comments = (await api(server.url, `/api/wall/posts/${mine.id}/comments`, { cookie: maha.cookie })).body
      .comments as WallComment[];
    expect(comments).toEqual([]);
    await settled(mahaTab);
    expect(heard.some((e) => e.type === 'wallPostCreated' && e.post.id === loud.id)).toBe(false);
    expect(heard.some((e) => e.type === 'wallCommentCreated')).toBe(false);
  });
});

describe('reactions, comments, deletions', () => {
  it('keeps one reaction per person, switchable and removable, and tells the author once per post', async () => {
    await nextWindow();
    const [author, fan, other] = await Promise.all([
      aMember(server, 'كاتب_تفاعل'),
      aMember(server, 'معجب_تفاعل'),
      aMember(server, 'آخر_تفاعل'),
    ]);
    const target = await posted(author, 'تفاعلوا');
    expect((await react(fan, target.id, 'like')).body).toMatchObject({
      postId: target.id,
      reactions: { like: 1, dislike: 0, heart: 0 },
      myReaction: 'like',
    });
    expect((await react(fan, target.id, 'heart')).body).toMatchObject({
      reactions: { like: 0, dislike: 0, heart: 1 },
      myReaction: 'heart',
    });
    expect((await react(other, target.id, 'heart')).body).toMatchObject({ reactions: { heart: 2 } });
    expect((await react(fan, target.id, null)).body).toMatchObject({
      reactions: { like: 0, dislike: 0, heart: 1 },
      myReaction: null,
    });
    const mine = (await wall(other, 'public')).body.posts as WallPost[];
    expect(mine.find((p) => p.id === target.id)).toMatchObject({ myReaction: 'heart', reactions: { heart: 1 } });
    expect((await react(fan, target.id, 'wow')).status).toBe(400);

    const notifications = (await api(server.url, '/api/notifications', { cookie: author.cookie })).body
      .notifications as Notification[];
    const entries = notifications.filter((n) => n.type === 'wallReaction');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ count: 3, data: { postId: target.id } });
    expect(entries[0]!.text).toMatch(/تفاعلات جديدة مع منشورك/);
  });

  it('takes comments up to 300 characters, deleted by their author, the post’s author or staff', async () => {
    await nextWindow();
    const [author, one, two] = await Promise.all([
      aMember(server, 'كاتب_تعليق'),
      aMember(server, 'معلق_أول'),
      aMember(server, 'معلق_ثان'),
    ]);
    const target = await posted(author, 'علّقوا');
    expect((await comment(one, target.id, 'ت'.repeat(301))).body.code).toBe('WALL_COMMENT_TOO_LONG');
    expect((await comment(one, target.id, '  ')).body.code).toBe('WALL_COMMENT_EMPTY');
    const first = (await comment(one, target.id, 'ت'.repeat(300))).body.comment as WallComment;
    const second = (await comment(two, target.id, 'تعليق ثان')).body.comment as WallComment;
    expect(second).toMatchObject({ postId: target.id, content: 'تعليق ثان', author: { id: two.user.id } });
    const listed = (await api(server.url, `/api/wall/posts/${target.id}/comments`, { cookie: one.cookie })).body
      .comments as WallComment[];
    expect(listed.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(((await wall(one, 'public')).body.posts as WallPost[]).find((p) => p.id === target.id)?.commentCount).toBe(
      2,
    );

    const notes = (await api(server.url, '/api/notifications', { cookie: author.cookie })).body
      .notifications as Notification[];
    expect(notes.filter((n) => n.type === 'wallComment')).toMatchObject([{ count: 2, data: { postId: target.id } }]);

    expect((await remove(two, `/api/wall/comments/${first.id}`)).body.code).toBe('FORBIDDEN');
    expect((await remove(one, `/api/wall/comments/${first.id}`)).status).toBe(200);
    expect((await remove(author, `/api/wall/comments/${second.id}`)).status).toBe(200);
    expect((await remove(author, `/api/wall/comments/${second.id}`)).body.code).toBe('WALL_COMMENT_NOT_FOUND');
  });

  it('follows the rank rule on deletions, and staff deletions are logged', async () => {
    await nextWindow();
    const [member, other, mod, mod2, admin, admin2, owner] = await Promise.all([
      aMember(server, 'عضو_رتبة'),
      aMember(server, 'عضو_آخر_رتبة'),
      aMember(server, 'سعاد_رتبة', 'moderator'),
      aMember(server, 'وفاء_رتبة', 'moderator'),
      aMember(server, 'كمال_رتبة', 'admin'),
      aMember(server, 'فؤاد_رتبة', 'admin'),
      aMember(server, 'زياد_رتبة', 'owner'),
    ]);
    const byMember = await posted(member, 'منشور عضو');
    const byMod2 = await posted(mod2, 'منشور مشرف');
    const byAdmin2 = await posted(admin2, 'منشور مدير');
    const byOwner = await posted(owner, 'منشور المالك');
    const del = (who: SignedInClient, p: WallPost) => remove(who, `/api/wall/posts/${p.id}`);

    expect((await del(other, byMember)).body.code).toBe('FORBIDDEN');
    expect((await del(mod, byMod2)).body.code).toBe('TARGET_OUTRANKS');
    expect((await del(mod, byAdmin2)).body.code).toBe('TARGET_OUTRANKS');
    expect((await del(admin, byOwner)).body.code).toBe('TARGET_IS_OWNER');
    expect((await del(mod, byMember)).status).toBe(200);
    expect((await del(admin, byAdmin2)).status).toBe(200);
    expect((await del(owner, byMod2)).status).toBe(200);
    expect((await del(owner, byOwner)).status).toBe(200);

    const log = (await api(server.url, '/api/moderation/log?action=deleteWallPost', { cookie: admin.cookie })).body
      .entries as LogEntry[];
    expect(log.map((e) => [e.actorName, e.targetName])).toEqual([
      ['زياد_رتبة', 'وفاء_رتبة'],
      ['كمال_رتبة', 'فؤاد_رتبة'],
      ['سعاد_رتبة', 'عضو_رتبة'],
    ]);

    // Comments: staff by rank, logged.
    const target = await posted(other, 'للتعليق');
    const note = (await comment(member, target.id, 'تعليق سيحذف')).body.comment as WallComment;
    const noteByMod = (await comment(mod2, target.id, 'تعليق مشرف')).body.comment as WallComment;
    expect((await remove(mod, `/api/wall/comments/${noteByMod.id}`)).body.code).toBe('TARGET_OUTRANKS');
    expect((await remove(mod, `/api/wall/comments/${note.id}`)).status).toBe(200);
    const commentLog = (await api(server.url, '/api/moderation/log?action=deleteWallComment', { cookie: admin.cookie }))
      .body.entries as LogEntry[];
    expect(commentLog.map((e) => [e.actorName, e.targetName])).toEqual([['سعاد_رتبة', 'عضو_رتبة']]);
  });

  it('lets anyone who sees a post or comment report it to staff', async () => {
    await nextWindow();
    const [writer, reader, mod] = await Promise.all([
      aMember(server, 'كاتب_بلاغ'),
      aMember(server, 'قارئ_بلاغ'),
      aMember(server, 'رشا_بلاغ', 'moderator'),
    ]);
    const staffTab = await tab(mod);
    const target = await posted(writer, 'منشور مسيء');
    const note = (await comment(writer, target.id, 'تعليق مسيء')).body.comment as WallComment;
    const heard = nextEnvelope(staffTab, 'reportCreated');
    const reported = await api(server.url, `/api/wall/posts/${target.id}/report`, {
      body: { reason: 'إساءة' },
      cookie: reader.cookie,
    });
    expect(reported.status).toBe(200);
    expect((await heard).report).toMatchObject({ userId: writer.user.id, excerpt: 'منشور مسيء' });
    expect(
      (await api(server.url, `/api/wall/comments/${note.id}/report`, { body: { reason: 'x' }, cookie: writer.cookie }))
        .body.code,
    ).toBe('CANNOT_TARGET_SELF');
    const queue = (await api(server.url, '/api/reports', { cookie: mod.cookie })).body.reports as Report[];
    expect(queue.find((r) => r.userId === writer.user.id)?.reason).toMatch(/منشور على الحائط: إساءة/);
  });
});

describe('pages and accounts', () => {
  it('pages newest first with before and hasMore', async () => {
    const writer = await aMember(server, 'كاتب_صفحات');
    const mine: number[] = [];
    for (let i = 0; i < 25; i++) {
      if (i % 7 === 0) await nextWindow();
      mine.push((await posted(writer, `منشور ${i}`, 'friends')).id);
    }
    // Only the writer's own posts are on their friends wall (no friends).
    const first = await wall(writer, 'friends', '?limit=20');
    expect(ids(first)).toEqual(mine.slice(5).reverse());
    expect(first.body.hasMore).toBe(true);
    const second = await wall(writer, 'friends', `?limit=20&before=${mine[5]}`);
    expect(ids(second)).toEqual(mine.slice(0, 5).reverse());
    expect(second.body.hasMore).toBe(false);
    expect((await wall(writer, 'friends', '?limit=500')).status).toBe(400);
  });

  it('exports a member’s posts and comments, and deleting the account deletes them', async () => {
    await nextWindow();
    const [leaving, staying] = await Promise.all([aMember(server, 'مغادر_حائط'), aMember(server, 'باق_حائط')]);
    const picture = await uploaded(leaving);
    const goneRes = await post(leaving, { content: 'سأرحل', type: 'public', imageId: picture.id });
    expect(goneRes.status).toBe(201);
    const gone = goneRes.body.post as WallPost;
    expect((await fetch(server.url + picture.thumbnailUrl)).status).toBe(200);
    const kept = await posted(staying, 'باق');
    expect((await comment(leaving, kept.id, 'وداعاً')).status).toBe(201);
    expect((await react(leaving, kept.id, 'like')).status).toBe(200);
    const exported = await api(server.url, `/api/users/${leaving.user.id}/export`, { cookie: leaving.cookie });
    expect(exported.body.walls).toMatchObject([
      { kind: 'post', id: gone.id, content: 'سأرحل' },
      { kind: 'comment', postId: kept.id, content: 'وداعاً' },
    ]);
    const deleted = await api(server.url, `/api/users/${leaving.user.id}`, {
      method: 'DELETE',
      body: { password: 'password-123' },
      cookie: leaving.cookie,
    });
    expect(deleted.status).toBe(200);
    const page = (await wall(staying, 'public')).body.posts as WallPost[];
    expect(page.map((p) => p.id)).not.toContain(gone.id);
    expect(page.find((p) => p.id === kept.id)).toMatchObject({ commentCount: 0, reactions: { like: 0 } });
    // Its pictures' files go too.
    expect((await fetch(server.url + picture.url)).status).toBe(404);
    expect((await fetch(server.url + picture.thumbnailUrl)).status).toBe(404);
  });
});
