import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { UploadedImage } from '../../../shared/api/uploads';
import type { FriendRequest } from '../../../shared/api/friends';
import type { Message } from '../../../shared/entities/message';
import { STORIES, type Story, type StoryAuthor, type StoryView } from '../../../shared/entities/story';
import { stories, storyViews } from '../../db/schema';
import { aPng } from '../../testing/test-images';
import {
  aMember,
  api,
  apiForm,
  connect,
  enterAsGuest,
  nextEnvelope,
  nextEvent,
  recordEnvelopes,
  settled,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

const HOUR = 60 * 60 * 1000;

let server: TestServer;
const sockets: ClientSocket[] = [];

async function tab(who: SignedInClient, on: TestServer = server): Promise<ClientSocket> {
  const socket = await connect(on.url, who.cookie);
  sockets.push(socket);
  return socket;
}

const post = (who: SignedInClient, body: Record<string, unknown>, on: TestServer = server) =>
  api(on.url, '/api/stories', { body, cookie: who.cookie });
const feed = async (who: SignedInClient, on: TestServer = server) => {
  const res = await api(on.url, '/api/stories/feed', { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.body.authors as StoryAuthor[];
};
const view = (who: SignedInClient, id: number) =>
  api(server.url, `/api/stories/${id}/view`, { method: 'POST', cookie: who.cookie });
const viewsOf = (who: SignedInClient, id: number) =>
  api(server.url, `/api/stories/${id}/views`, { cookie: who.cookie });
const remove = (who: SignedInClient, id: number) =>
  api(server.url, `/api/stories/${id}`, { method: 'DELETE', cookie: who.cookie });

async function textStory(who: SignedInClient, text: string, visibility = 'everyone', on = server): Promise<Story> {
  const res = await post(who, { text, background: 'ocean', visibility }, on);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.story as Story;
}

async function uploaded(who: SignedInClient): Promise<UploadedImage> {
  const res = await apiForm(server.url, '/api/uploads/image', {
    cookie: who.cookie,
    files: { image: { data: new Uint8Array(await aPng(400, 300)), type: 'image/png', name: 'p.png' } },
  });
  expect(res.status).toBe(200);
  return res.body.image as UploadedImage;
}

async function befriend(a: SignedInClient, b: SignedInClient, on: TestServer = server): Promise<void> {
  const asked = await api(on.url, '/api/friends/requests', { body: { userId: b.user.id }, cookie: a.cookie });
  expect(asked.status).toBe(200);
  const id = (asked.body.request as FriendRequest).id;
  expect((await api(on.url, `/api/friends/requests/${id}/accept`, { method: 'POST', cookie: b.cookie })).status).toBe(
    200,
  );
}

const idsIn = (authors: StoryAuthor[]) => authors.flatMap((a) => a.stories.map((s) => s.id));
const retentionRule = (on: TestServer) => {
  const rule = on.app.modules.find((m) => m.name === 'stories')?.retention?.find((r) => r.kind === 'stories');
  if (!rule) throw new Error('stories retention rule missing');
  return rule;
};

/** Stories posted by others in earlier tests are expired before each test, so each reads its own. */
beforeEach(async () => {
  await server.clock.advance(STORIES.lifetimeMs + 60_000);
});

beforeAll(async () => {
  server = await startTestServer();
  // Times are compared exactly: the clock moves only when a test moves it.
  server.clock.freeze();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

describe('posting stories', () => {
  it('is for members: a visitor is refused with an invitation to register', async () => {
    const visitor = await enterAsGuest(server.url, 'زائر الحالات');
    const res = await post(visitor, { text: 'مرحبا' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'STORY_SIGN_IN', message: ERROR_MESSAGES.STORY_SIGN_IN });
    expect(String(res.body.message)).toContain('سجّل');
  });

  it('gives a text story 24 hours on a palette background, for everyone by default', async () => {
    const hala = await aMember(server, 'هالة_نص');
    const res = await post(hala, { text: '  صباح الخير  ', background: 'sunset' });
    expect(res.status).toBe(201);
    const story = res.body.story as Story;
    expect(story).toMatchObject({
      text: 'صباح الخير',
      background: 'sunset',
      image: null,
      caption: null,
      visibility: 'everyone',
      authorId: hala.user.id,
    });
    expect(story.createdAt).toBe(new Date(server.clock.now()).toISOString());
    expect(Date.parse(story.expiresAt) - Date.parse(story.createdAt)).toBe(24 * HOUR);
  });

  it('refuses what a story may not be', async () => {
    const sami = await aMember(server, 'سامي_حدود');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'STORY_CONTENT_REQUIRED'],
      [{ text: '   ' }, 'STORY_CONTENT_REQUIRED'],
      [{ text: 'ا'.repeat(301) }, 'STORY_TEXT_TOO_LONG'],
      [{ text: 'نص', background: 'pink-glitter' }, 'STORY_BACKGROUND_INVALID'],
      [{ text: 'نص', caption: 'تعليق' }, 'STORY_ONE_KIND'],
      [{ imageId: 'a'.repeat(32), caption: 'ا'.repeat(201) }, 'STORY_CAPTION_TOO_LONG'],
      [{ imageId: 'a'.repeat(32), text: 'نص' }, 'STORY_ONE_KIND'],
      [{ imageId: 'not-an-id' }, 'IMAGE_NOT_FOUND'],
      [{ text: 'نص', visibility: 'staff' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await post(sami, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    // 300 characters (an emoji counts as one) is the limit, not past it.
    expect((await post(sami, { text: '😀'.repeat(300) })).status).toBe(201);
  });

  it("takes a picture the author uploaded, with a caption, never someone else's", async () => {
    const [nour, badr] = await Promise.all([aMember(server, 'نور_صورة'), aMember(server, 'بدر_صورة')]);
    const image = await uploaded(nour);
    const theirs = await post(badr, { imageId: image.id });
    expect(theirs).toMatchObject({ status: 403, body: { code: 'IMAGE_NOT_YOURS' } });
    const unknown = await post(nour, { imageId: 'f'.repeat(32) });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'IMAGE_NOT_FOUND' } });
    const res = await post(nour, { imageId: image.id, caption: 'من الشرفة', visibility: 'friends' });
    expect(res.status).toBe(201);
    expect(res.body.story).toMatchObject({
      image: { url: image.url, thumbnailUrl: image.thumbnailUrl, width: image.width, height: image.height },
      caption: 'من الشرفة',
      text: null,
      background: null,
      visibility: 'friends',
    });
  });

  it('screens words: a blocked word refuses the story, a masked one is hidden', async () => {
    const admin = await aMember(server, 'سلوى_الكلمات', 'admin');
    const words = [
      { word: 'ممنوعة', action: 'block' },
      { word: 'مخفية', action: 'mask' },
    ];
    expect(
      (await api(server.url, '/api/moderation/words', { method: 'PUT', body: { words }, cookie: admin.cookie })).status,
    ).toBe(200);
    const rana = await aMember(server, 'رنا_كلمات');
    expect((await post(rana, { text: 'كلمة ممنوعة هنا' })).body.code).toBe('MESSAGE_BLOCKED_WORD');
    const masked = await textStory(rana, 'كلمة مخفية هنا');
    expect(masked.text).not.toContain('مخفية');
    await api(server.url, '/api/moderation/words', { method: 'PUT', body: { words: [] }, cookie: admin.cookie });
  });

  it('is held back by flood control and by the number of stories alive at once', async () => {
    const fast = await aMember(server, 'سريع_الحالات');
    const results: number[] = [];
    for (let i = 0; i < 10; i++) results.push((await post(fast, { text: `حالة رقم ${i}` })).status);
    expect(results.filter((s) => s === 201).length).toBeLessThan(10);
    const refused = await post(fast, { text: 'واحدة أخرى' });
    expect(refused).toMatchObject({ status: 429, body: { code: 'MESSAGE_RATE_LIMITED' } });

    const many = await aMember(server, 'كثير_الحالات');
    for (let i = 0; i < STORIES.maxAlivePerAuthor; i++) {
      await server.clock.advance(60_000);
      expect((await post(many, { text: `حالة ${i}` })).status).toBe(201);
    }
    await server.clock.advance(60_000);
    expect(await post(many, { text: 'الزائدة' })).toMatchObject({ status: 429, body: { code: 'STORY_LIMIT_REACHED' } });
  });

  it('refuses a muted member with the time left, and a banned one is signed out', async () => {
    const [mod, admin, muted, banned] = await Promise.all([
      aMember(server, 'كريم_الكتم', 'moderator'),
      aMember(server, 'عادل_الحظر', 'admin'),
      aMember(server, 'مكتوم_الحالات'),
      aMember(server, 'محظور_الحالات'),
    ]);
    const mute = await api(server.url, '/api/moderation/mute', {
      body: { targetId: muted.user.id, durationMinutes: 10 },
      cookie: mod.cookie,
    });
    expect(mute.status).toBe(200);
    const res = await post(muted, { text: 'هل أستطيع؟' });
    expect(res).toMatchObject({ status: 403, body: { code: 'MUTED', timeLeft: 600 } });
    await server.clock.advance(11 * 60_000);
    expect((await post(muted, { text: 'انتهى الكتم' })).status).toBe(201);

    const ban = await api(server.url, '/api/moderation/ban', {
      body: { targetId: banned.user.id, durationMinutes: 60 },
      cookie: admin.cookie,
    });
    expect(ban.status).toBe(200);
    expect((await post(banned, { text: 'محاولة' })).status).toBe(401);
  });
});

describe('the feed', () => {
  it('lists own first, unseen before seen, leaves ignored authors out, and friends-only to friends', async () => {
    const [me, seenAuthor, unseenAuthor, ignored, friend, stranger] = await Promise.all([
      aMember(server, 'أنا_الخلاصة'),
      aMember(server, 'مشاهد_الخلاصة'),
      aMember(server, 'جديد_الخلاصة'),
      aMember(server, 'متجاهل_الخلاصة'),
      aMember(server, 'صديق_الخلاصة'),
      aMember(server, 'غريب_الخلاصة'),
    ]);
    await befriend(me, friend);
    const seen = await textStory(seenAuthor, 'رأيتها');
    await server.clock.advance(1000);
    const unseen = await textStory(unseenAuthor, 'لم أرها');
    await server.clock.advance(1000);
    await textStory(ignored, 'من متجاهَل');
    const friendsOnly = await textStory(friend, 'لأصدقائي فقط', 'friends');
    const strangersOnly = await textStory(stranger, 'لأصدقائي أنا', 'friends');
    await server.clock.advance(1000);
    const mine = await textStory(me, 'حالتي');
    expect((await view(me, seen.id)).status).toBe(200);
    expect(
      (
        await api(server.url, `/api/users/${me.user.id}/ignore/${ignored.user.id}`, {
          method: 'POST',
          cookie: me.cookie,
        })
      ).status,
    ).toBe(200);

    const authors = await feed(me);
    expect(authors.map((a) => a.user.id)).toEqual([
      me.user.id,
      friend.user.id,
      unseenAuthor.user.id,
      seenAuthor.user.id,
    ]);
    expect(authors[0]).toMatchObject({ allViewed: true, stories: [{ id: mine.id, viewed: true, viewCount: 0 }] });
    expect(authors[1]!.stories[0]).toMatchObject({ id: friendsOnly.id, viewed: false, viewCount: null });
    expect(authors[2]).toMatchObject({ allViewed: false, stories: [{ id: unseen.id, viewed: false }] });
    expect(authors[3]).toMatchObject({ allViewed: true, stories: [{ id: seen.id, viewed: true }] });
    expect(idsIn(authors)).not.toContain(strangersOnly.id);

    // Nobody else sees a friends-only story, not by the feed and not by its id.
    const outsider = await aMember(server, 'خارجي_الخلاصة');
    expect(idsIn(await feed(outsider))).not.toContain(friendsOnly.id);
    expect(await view(outsider, friendsOnly.id)).toMatchObject({ status: 404, body: { code: 'STORY_NOT_FOUND' } });
    const visitor = await enterAsGuest(server.url, 'زائر_الخلاصة');
    const visitorSees = idsIn(await feed(visitor));
    expect(visitorSees).toContain(seen.id);
    expect(visitorSees).not.toContain(friendsOnly.id);

    const mineRes = await api(server.url, '/api/stories/mine', { cookie: me.cookie });
    expect(mineRes.body.stories).toMatchObject([{ id: mine.id, viewCount: 0 }]);
  });

  it('forgets a story the moment it expires: no list, no view, no answer, no deletion', async () => {
    const [author, reader] = await Promise.all([aMember(server, 'كاتب_ينتهي'), aMember(server, 'قارئ_ينتهي')]);
    const story = await textStory(author, 'ليوم واحد');
    await server.clock.advance(24 * HOUR - 1);
    expect(idsIn(await feed(reader))).toContain(story.id);
    await server.clock.advance(1);
    expect(idsIn(await feed(reader))).not.toContain(story.id);
    expect(idsIn(await feed(author))).not.toContain(story.id);
    expect((await api(server.url, '/api/stories/mine', { cookie: author.cookie })).body.stories).toEqual([]);
    expect((await view(reader, story.id)).status).toBe(404);
    expect((await viewsOf(author, story.id)).status).toBe(404);
    const react = await api(server.url, `/api/stories/${story.id}/reaction`, {
      body: { type: 'heart' },
      cookie: reader.cookie,
    });
    expect(react).toMatchObject({ status: 404, body: { code: 'STORY_NOT_FOUND' } });
    const reply = await api(server.url, `/api/stories/${story.id}/reply`, {
      body: { content: 'متأخر' },
      cookie: reader.cookie,
    });
    expect(reply.status).toBe(404);
    expect((await remove(author, story.id)).status).toBe(404);
  });
});

describe('views', () => {
  it('are recorded once per person, not for the author, and listed for the author only', async () => {
    const [author, a, b] = await Promise.all([
      aMember(server, 'صاحب_المشاهدات'),
      aMember(server, 'مشاهد_أول'),
      aMember(server, 'مشاهد_ثان'),
    ]);
    const story = await textStory(author, 'من رآني؟');
    expect((await view(a, story.id)).status).toBe(200);
    await server.clock.advance(1000);
    expect((await view(a, story.id)).status).toBe(200);
    expect((await view(b, story.id)).status).toBe(200);
    expect((await view(author, story.id)).status).toBe(200);
    const res = await viewsOf(author, story.id);
    expect(res.status).toBe(200);
    const views = res.body.views as StoryView[];
    expect(views.map((v) => v.user.id)).toEqual([b.user.id, a.user.id]);
    expect(views[1]!.viewedAt).toBe(new Date(server.clock.now() - 1000).toISOString());
    expect(await viewsOf(a, story.id)).toMatchObject({ status: 403, body: { code: 'STORY_VIEWS_AUTHOR_ONLY' } });
    const mine = await api(server.url, '/api/stories/mine', { cookie: author.cookie });
    expect(mine.body.stories).toMatchObject([{ id: story.id, viewCount: 2 }]);
    expect((await feed(a)).find((x) => x.user.id === author.user.id)).toMatchObject({ allViewed: true });
  });
});

describe('reactions and replies', () => {
  it('reach the author as a private message with the story attached', async () => {
    const [author, fan] = await Promise.all([aMember(server, 'صاحبة_الحالة'), aMember(server, 'معجب_الحالة')]);
    const image = await uploaded(author);
    const story = (await post(author, { imageId: image.id, caption: 'غروب' })).body.story as Story;
    const authorTab = await tab(author);

    const reaction = nextEvent(authorTab, 'privateMessage', ({ message }) => message.content === '<3');
    const reacted = await api(server.url, `/api/stories/${story.id}/reaction`, {
      body: { type: 'heart' },
      cookie: fan.cookie,
    });
    expect(reacted.status).toBe(200);
    const arrived = (await reaction).message;
    expect(arrived).toMatchObject({ senderId: fan.user.id, receiverId: author.user.id, isPrivate: true });
    expect(arrived.attachments).toEqual([
      {
        type: 'story',
        channel: 'story',
        storyId: story.id,
        url: image.url,
        thumbnailUrl: image.thumbnailUrl,
        width: image.width,
        height: image.height,
        reaction: 'heart',
      },
    ]);

    await server.clock.advance(60_000);
    const replyArrives = nextEvent(authorTab, 'privateMessage', ({ message }) => message.content === 'صورة جميلة!');
    const replied = await api(server.url, `/api/stories/${story.id}/reply`, {
      body: { content: 'صورة جميلة!' },
      cookie: fan.cookie,
    });
    expect(replied.status).toBe(200);
    expect((await replyArrives).message.attachments[0]).toMatchObject({ channel: 'story', storyId: story.id });

    // The conversation holds both, with the story channel.
    const page = await api(server.url, `/api/private-messages/${author.user.id}/${fan.user.id}`, {
      cookie: author.cookie,
    });
    const messages = page.body.messages as Message[];
    expect(messages.map((m) => m.attachments[0]?.channel)).toEqual(['story', 'story']);

    // A text story's attachment carries its background instead of a picture.
    const text = await textStory(author, 'نص فقط');
    await server.clock.advance(60_000);
    const textReply = await api(server.url, `/api/stories/${text.id}/reply`, {
      body: { content: 'جميل' },
      cookie: fan.cookie,
    });
    expect((textReply.body.message as Message).attachments[0]).toMatchObject({
      channel: 'story',
      storyId: text.id,
      url: '',
      background: 'ocean',
    });
  });

  it("are never one's own, and follow the author's private-message setting and ignores", async () => {
    const [author, other, ignoredOne] = await Promise.all([
      aMember(server, 'كاتب_مغلق'),
      aMember(server, 'راغب_بالرد'),
      aMember(server, 'متجاهل_الرد'),
    ]);
    const story = await textStory(author, 'لا تردوا');
    const own = await api(server.url, `/api/stories/${story.id}/reply`, {
      body: { content: 'أنا' },
      cookie: author.cookie,
    });
    expect(own).toMatchObject({ status: 403, body: { code: 'STORY_OWN' } });
    const ownReaction = await api(server.url, `/api/stories/${story.id}/reaction`, {
      body: { type: 'fire' },
      cookie: author.cookie,
    });
    expect(ownReaction.body.code).toBe('STORY_OWN');

    // Ignored by the author: the reply is kept for its sender only, the author never hears it.
    await api(server.url, `/api/users/${author.user.id}/ignore/${ignoredOne.user.id}`, {
      method: 'POST',
      cookie: author.cookie,
    });
    const authorTab = await tab(author);
    const heard: Message[] = [];
    authorTab.on('privateMessage', ({ message }) => heard.push(message));
    const quiet = await api(server.url, `/api/stories/${story.id}/reply`, {
      body: { content: 'هل تسمعني؟' },
      cookie: ignoredOne.cookie,
    });
    expect(quiet.status).toBe(200);

    await api(server.url, `/api/users/${author.user.id}`, {
      method: 'PUT',
      body: { privateMessagesFrom: 'nobody' },
      cookie: author.cookie,
    });
    const closed = await api(server.url, `/api/stories/${story.id}/reply`, {
      body: { content: 'مرحبا' },
      cookie: other.cookie,
    });
    expect(closed).toMatchObject({ status: 403, body: { code: 'PRIVATE_MESSAGES_CLOSED' } });
    await settled(authorTab);
    expect(heard).toEqual([]);
  });
});

describe('deleting stories', () => {
  it('by the author, or staff by rank (logged); a picture goes with its story', async () => {
    const [author, other, mod, admin] = await Promise.all([
      aMember(server, 'كاتب_يحذف'),
      aMember(server, 'عضو_يحذف'),
      aMember(server, 'وليد_يحذف', 'moderator'),
      aMember(server, 'ماجد_يحذف', 'admin'),
    ]);
    const image = await uploaded(author);
    const pictured = (await post(author, { imageId: image.id })).body.story as Story;
    expect((await fetch(server.url + image.url)).status).toBe(200);
    expect(await remove(other, pictured.id)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await remove(author, pictured.id)).status).toBe(200);
    expect((await fetch(server.url + image.url)).status).toBe(404);
    expect((await fetch(server.url + image.thumbnailUrl)).status).toBe(404);

    const byMod = await textStory(author, 'سيحذفها المشرف');
    const readerTab = await tab(other);
    const gone = nextEnvelope(readerTab, 'storyDeleted', (e) => e.storyId === byMod.id);
    expect((await remove(mod, byMod.id)).status).toBe(200);
    expect(await gone).toMatchObject({ storyId: byMod.id, authorId: author.user.id });
    const log = await api(server.url, '/api/moderation/log?action=deleteStory', { cookie: admin.cookie });
    expect(log.body.entries).toMatchObject([{ actorId: mod.user.id, targetId: author.user.id, action: 'deleteStory' }]);

    const adminStory = await textStory(admin, 'للمدير');
    expect(await remove(mod, adminStory.id)).toMatchObject({ status: 403, body: { code: 'TARGET_OUTRANKS' } });
  });
});

describe('live', () => {
  it('storyPosted reaches everyone for an everyone story, but not those who ignore the author', async () => {
    const [author, reader, ignorer] = await Promise.all([
      aMember(server, 'ناشر_مباشر'),
      aMember(server, 'قارئ_مباشر'),
      aMember(server, 'متجاهل_مباشر'),
    ]);
    await api(server.url, `/api/users/${ignorer.user.id}/ignore/${author.user.id}`, {
      method: 'POST',
      cookie: ignorer.cookie,
    });
    const visitor = await enterAsGuest(server.url, 'زائر_مباشر');
    const [readerTab, visitorTab, ignorerTab] = await Promise.all([tab(reader), tab(visitor), tab(ignorer)]);
    const ignorerSaw = recordEnvelopes(ignorerTab);
    const arrivals = [readerTab, visitorTab].map((s) =>
      nextEnvelope(s, 'storyPosted', (e) => e.author.id === author.user.id),
    );
    const story = await textStory(author, 'للجميع');
    for (const arrival of arrivals) expect((await arrival).story).toMatchObject({ id: story.id, viewed: false });
    await settled(ignorerTab);
    expect(ignorerSaw.filter((e) => e.type === 'storyPosted')).toEqual([]);
  });

  it('a friends-only story reaches the friends and the author, never a non-friend', async () => {
    const [author, friend, stranger] = await Promise.all([
      aMember(server, 'ناشرة_خاصة'),
      aMember(server, 'صديقة_خاصة'),
      aMember(server, 'غريبة_خاصة'),
    ]);
    await befriend(author, friend);
    const [authorTab, friendTab, strangerTab] = await Promise.all([tab(author), tab(friend), tab(stranger)]);
    const strangerSaw = recordEnvelopes(strangerTab);
    const toFriend = nextEnvelope(friendTab, 'storyPosted', (e) => e.author.id === author.user.id);
    const toAuthor = nextEnvelope(authorTab, 'storyPosted', (e) => e.author.id === author.user.id);
    const story = await textStory(author, 'للأصدقاء', 'friends');
    expect((await toFriend).story.id).toBe(story.id);
    expect((await toAuthor).story.id).toBe(story.id);
    const deleted = nextEnvelope(friendTab, 'storyDeleted', (e) => e.storyId === story.id);
    expect((await remove(author, story.id)).status).toBe(200);
    await deleted;
    await settled(strangerTab);
    expect(strangerSaw.filter((e) => e.type === 'storyPosted' || e.type === 'storyDeleted')).toEqual([]);
  });
});

describe('accounts', () => {
  it("hold one's stories in the data export, and take them along when deleted", async () => {
    const [author, reader] = await Promise.all([aMember(server, 'كاتبة_الحساب'), aMember(server, 'قارئ_الحساب')]);
    const story = await textStory(author, 'في التصدير');
    await view(reader, story.id);
    const exported = await api(server.url, `/api/users/${author.user.id}/export`, { cookie: author.cookie });
    expect(exported.status).toBe(200);
    expect(exported.body.stories).toMatchObject([{ id: story.id, text: 'في التصدير', visibility: 'everyone' }]);

    const gone = await api(server.url, `/api/users/${author.user.id}`, {
      method: 'DELETE',
      body: { password: 'password-123' },
      cookie: author.cookie,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(idsIn(await feed(reader))).not.toContain(story.id);
    const { db } = server.app.database;
    expect(await db.select().from(stories).where(eq(stories.id, story.id))).toEqual([]);
    expect(await db.select().from(storyViews).where(eq(storyViews.storyId, story.id))).toEqual([]);
  });
});

describe('retention', () => {
  it('sweeps expired stories in batches with their views and pictures, and nothing alive', async () => {
    const [author, reader] = await Promise.all([aMember(server, 'كاتب_الكنس'), aMember(server, 'قارئ_الكنس')]);
    const image = await uploaded(author);
    const pictured = (await post(author, { imageId: image.id })).body.story as Story;
    const text = await textStory(author, 'ستكنس');
    await view(reader, pictured.id);
    await server.clock.advance(12 * HOUR);
    const alive = await textStory(author, 'ما زالت حية');
    await server.clock.advance(12 * HOUR);

    const rule = retentionRule(server);
    const now = new Date(server.clock.now());
    const swept: number[] = [];
    for (;;) {
      const n = await rule.sweep(now, 1);
      swept.push(n);
      if (n < 1) break;
    }
    // Every story expired by now went (earlier tests' too), one per call; the alive one stayed.
    expect(swept.at(-1)).toBe(0);
    expect(swept.slice(0, -1).every((n) => n === 1)).toBe(true);
    const { db } = server.app.database;
    expect(await db.select().from(stories).where(eq(stories.authorId, author.user.id))).toMatchObject([
      { id: alive.id },
    ]);
    expect(await db.select().from(storyViews).where(eq(storyViews.storyId, pictured.id))).toEqual([]);
    expect((await fetch(server.url + image.url)).status).toBe(404);
    expect((await fetch(server.url + image.thumbnailUrl)).status).toBe(404);
    expect(text.id).toBeLessThan(alive.id);
    expect(await rule.sweep(now, STORIES.sweepBatch)).toBe(0);
  });
});

// Two processes behind a load balancer: what one node is told, the other's sockets hear.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('stories on two nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  const peerSockets: ClientSocket[] = [];
  beforeAll(async () => {
    nodeA = await startTestServer();
    nodeB = await startPeerNode(nodeA);
  });
  afterAll(async () => {
    for (const socket of peerSockets) socket.close();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('a friends-only story posted on A reaches a friend on B, never a non-friend on B, by socket or HTTP', async () => {
    const [author, friend, stranger] = await Promise.all([
      aMember(nodeA, 'ناشر_العقدتين'),
      aMember(nodeA, 'صديق_العقدتين'),
      aMember(nodeA, 'غريب_العقدتين'),
    ]);
    await befriend(author, friend, nodeA);
    const friendTab = await connect(nodeB.url, friend.cookie);
    const strangerTab = await connect(nodeB.url, stranger.cookie);
    peerSockets.push(friendTab, strangerTab);
    const strangerSaw = recordEnvelopes(strangerTab);
    const arrives = nextEnvelope(friendTab, 'storyPosted', (e) => e.author.id === author.user.id, 5000);
    const everyoneArrives = nextEnvelope(strangerTab, 'storyPosted', (e) => e.author.id === author.user.id, 5000);
    const story = await textStory(author, 'لأصدقائي على العقدتين', 'friends', nodeA);
    expect((await arrives).story.id).toBe(story.id);
    // Then an everyone story, which the stranger does hear: nothing of the first came before it.
    const open = await textStory(author, 'للجميع على العقدتين', 'everyone', nodeA);
    expect((await everyoneArrives).story.id).toBe(open.id);
    await settled(strangerTab, nodeB);
    expect(strangerSaw.filter((e) => e.type === 'storyPosted').map((e) => (e as { story: Story }).story.id)).toEqual([
      open.id,
    ]);
    // Over HTTP on node B (after the event arrived: the row is written).
    expect(idsIn(await feed(friend, nodeB))).toEqual(expect.arrayContaining([story.id, open.id]));
    const strangerFeed = idsIn(await feed(stranger, nodeB));
    expect(strangerFeed).toContain(open.id);
    expect(strangerFeed).not.toContain(story.id);
  });
});
