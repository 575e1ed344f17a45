import type { PostStoryBody } from '../../../shared/api/stories';
import type { Attachment, Message } from '../../../shared/entities/message';
import {
  STORIES,
  STORY_REACTIONS,
  type Story,
  type StoryAuthor,
  type StoryReaction,
  type StoryView,
} from '../../../shared/entities/story';
import { can, type Actor } from '../../../shared/policy';
import { authorize, type NamedActor } from '../../authorize';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus, StoryAudience } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { ChatImageStore } from '../images';
import {
  postingError,
  restrictionsOf,
  type MessageFlood,
  type ModerationLog,
  type SanctionsRepo,
  type WordFilterService,
} from '../moderation';
import type { Writes } from '../module';
import type { PresenceService } from '../presence';
import type { PrivateMessagesService, PrivateSender } from '../private-messages';
import { toPublicUser } from '../users';
import { toStory } from './stories.presenter';
import type { StoriesRepo, StoryWithAuthor } from './stories.repo';

/** Who acts over HTTP: the session's current user row and the device the session was opened on. */
export type StoryActor = PrivateSender;

export function createStoriesService(deps: {
  repo: StoriesRepo;
  friends: { areFriends(a: number, b: number): Promise<boolean>; friendIdsOf(userId: number): Promise<number[]> };
  ignore: { ignoredBy(userId: number): Promise<number[]> };
  images: Pick<ChatImageStore, 'claim' | 'release' | 'discard'>;
  privateMessages: Pick<PrivateMessagesService, 'send'>;
  sanctions: Pick<SanctionsRepo, 'inForceOnUsers'>;
  flood: MessageFlood;
  words: WordFilterService;
  log: ModerationLog;
  presence: Pick<PresenceService, 'onlineUserIds'>;
  writes: Writes;
  bus: DomainEventBus;
  clock: Clock;
}) {
  const { repo, friends, images, words, bus, clock } = deps;
  const now = () => new Date(clock.now());

  /** Not while muted or barred (MUTED / BANNED with the time left). */
  async function mayPost(userId: number): Promise<void> {
    const at = clock.now();
    const refused = postingError(
      restrictionsOf(await deps.sanctions.inForceOnUsers([userId], new Date(at)), userId),
      at,
    );
    if (refused) throw refused;
  }

  /** Alive and visible to `actor`, or not found (an expired story, or a friends-only one of a stranger). */
  async function visible(actor: Actor, id: number): Promise<StoryWithAuthor> {
    const found = await repo.findAlive(id, now());
    if (!found) throw new AppError('STORY_NOT_FOUND', 404);
    const { story } = found;
    const isFriend =
      story.visibility === 'friends' && actor.id !== story.authorId
        ? await friends.areFriends(actor.id, story.authorId)
        : false;
    // Not told apart from a story that does not exist: a stranger learns nothing of it.
    if (!can(actor, 'viewStory', { authorId: story.authorId, visibility: story.visibility, isFriend }))
      throw new AppError('STORY_NOT_FOUND', 404);
    return found;
  }

  async function audienceOf(authorId: number, visibility: 'everyone' | 'friends'): Promise<StoryAudience> {
    return visibility === 'everyone' ? { visibility } : { visibility, friendIds: await friends.friendIdsOf(authorId) };
  }

  /** The private message that carries a reaction or reply to the author, with the story's attachment. */
  async function answer(sender: StoryActor, id: number, content: string, reaction?: StoryReaction): Promise<Message> {
    const actor: Actor = { id: sender.row.id, role: sender.row.role };
    const { story, author } = await visible(actor, id);
    authorize(actor, 'answerStory', { authorId: story.authorId });
    const presented = toStory(story, { viewed: true, viewCount: null });
    const attachment: Attachment = {
      type: 'story',
      channel: 'story',
      storyId: story.id,
      url: presented.image?.url ?? '',
      ...(presented.image
        ? {
            thumbnailUrl: presented.image.thumbnailUrl,
            width: presented.image.width,
            height: presented.image.height,
          }
        : { background: story.background ?? undefined }),
      ...(reaction ? { reaction } : {}),
    };
    // The private messages' rules apply: sanctions, the author's setting, ignores, flood, words.
    return deps.privateMessages.send(
      sender,
      { receiverId: author.id, content, messageType: 'text', textColor: null, bold: false },
      [attachment],
    );
  }

  return {
    /**
     * Posts a story for 24 hours: members only, not while muted or barred, within the message
     * allowance and the number of stories alive at once, its words screened. A picture is one the
     * author uploaded.
     */
    async post(sender: StoryActor, body: PostStoryBody): Promise<Story> {
      const actor: Actor = { id: sender.row.id, role: sender.row.role };
      authorize(actor, 'postStory');
      await mayPost(actor.id);
      const at = now();
      if ((await repo.countAlive(actor.id, at)) >= STORIES.maxAlivePerAuthor)
        throw new AppError('STORY_LIMIT_REACHED', 429);
      const said = body.text ?? body.caption ?? '';
      await deps.flood.check(
        { userId: actor.id, role: actor.role, deviceId: sender.deviceId },
        said || `story-image:${body.imageId ?? ''}`,
      );
      const text = body.text ? (await words.screenMessage(body.text)).content : null;
      const caption = body.caption && body.imageId ? (await words.screenMessage(body.caption)).content : null;
      // The picture becomes the story's alone: its expiry deletes the file, so no message may share it.
      const image = body.imageId ? await images.claim(actor.id, body.imageId, 'story') : undefined;
      const row = await deps.writes
        .track(
          repo.insert({
            authorId: actor.id,
            imageId: image ? body.imageId! : null,
            imageWidth: image?.width ?? null,
            imageHeight: image?.height ?? null,
            caption,
            text,
            background: text ? (body.background ?? 'night') : null,
            visibility: body.visibility,
            createdAt: at,
            expiresAt: new Date(at.getTime() + STORIES.lifetimeMs),
          }),
        )
        .catch(async (error: unknown) => {
          if (image) await images.release(image.id).catch(() => undefined);
          throw error;
        });
      const online = await deps.presence.onlineUserIds([actor.id]);
      bus.publish('story.posted', {
        story: toStory(row, { viewed: false, viewCount: null }),
        author: toPublicUser(sender.row, online.has(actor.id)),
        audience: await audienceOf(actor.id, row.visibility),
      });
      return toStory(row, { viewed: true, viewCount: 0 });
    },

    /**
     * The alive stories `actor` may see, by author: their own first, then authors with a story they
     * have not seen, then the rest; within each, the most recent poster first. Ignored authors are
     * left out.
     */
    async feed(actor: Actor): Promise<StoryAuthor[]> {
      const [friendIds, hidden] = await Promise.all([friends.friendIdsOf(actor.id), deps.ignore.ignoredBy(actor.id)]);
      const rows = await repo.feed(actor.id, friendIds, hidden, now(), STORIES.feedLimit);
      const ids = rows.map((r) => r.story.id);
      const ownIds = rows.filter((r) => r.story.authorId === actor.id).map((r) => r.story.id);
      const authorIds = [...new Set(rows.map((r) => r.story.authorId))];
      const [seen, counts, online] = await Promise.all([
        repo.seenBy(actor.id, ids),
        repo.viewCounts(ownIds),
        deps.presence.onlineUserIds(authorIds),
      ]);
      const byAuthor = new Map<number, { author: UserRow; rows: StoryWithAuthor['story'][]; latest: number }>();
      for (const { story, author } of rows) {
        const entry = byAuthor.get(author.id) ?? { author, rows: [], latest: 0 };
        entry.rows.push(story);
        entry.latest = Math.max(entry.latest, story.createdAt.getTime());
        byAuthor.set(author.id, entry);
      }
      const authors = [...byAuthor.values()].map(({ author, rows: own, latest }) => {
        const mine = author.id === actor.id;
        const stories = own
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
          .map((row) =>
            toStory(row, {
              viewed: mine || seen.has(row.id),
              viewCount: mine ? (counts.get(row.id) ?? 0) : null,
            }),
          );
        return {
          mine,
          latest,
          entry: {
            user: toPublicUser(author, online.has(author.id)),
            stories,
            allViewed: stories.every((s) => s.viewed),
          },
        };
      });
      const rank = (a: (typeof authors)[number]) => (a.mine ? 0 : a.entry.allViewed ? 2 : 1);
      authors.sort((a, b) => rank(a) - rank(b) || b.latest - a.latest);
      return authors.map((a) => a.entry);
    },

    /** The caller's alive stories, oldest first, with how many saw each. */
    async mine(actor: Actor): Promise<Story[]> {
      const rows = await repo.ofAuthor(actor.id, now());
      const counts = await repo.viewCounts(rows.map((r) => r.id));
      return rows.map((row) => toStory(row, { viewed: true, viewCount: counts.get(row.id) ?? 0 }));
    },

    /** Records that `actor` saw a story, once per person (the author's own looks are not views). */
    async view(actor: Actor, id: number): Promise<boolean> {
      const { story } = await visible(actor, id);
      if (story.authorId === actor.id) return false;
      return repo.recordView(story.id, actor.id, now());
    },

    /** Who saw a story, newest first: its author only. */
    async views(actor: Actor, id: number): Promise<StoryView[]> {
      const found = await repo.findAlive(id, now());
      if (!found) throw new AppError('STORY_NOT_FOUND', 404);
      authorize(actor, 'listStoryViews', { authorId: found.story.authorId });
      const rows = await repo.views(id, STORIES.viewsLimit);
      const online = await deps.presence.onlineUserIds(rows.map((r) => r.viewer.id));
      return rows.map(({ viewer, viewedAt }) => ({
        user: toPublicUser(viewer, online.has(viewer.id)),
        viewedAt: viewedAt.toISOString(),
      }));
    },

    /** A reaction: a private message to the author carrying the reaction's emoji and the story. */
    react: (sender: StoryActor, id: number, type: StoryReaction) => answer(sender, id, STORY_REACTIONS[type], type),

    /** A reply: a private message to the author with the story attached. */
    reply: (sender: StoryActor, id: number, content: string) => answer(sender, id, content),

    /**
     * Deletes a story: its author, or staff over someone of a lower rank (recorded in the
     * moderation log). Its picture goes with it; whoever could see it is told.
     */
    async remove(actor: NamedActor, id: number): Promise<void> {
      const found = await repo.findAlive(id, now());
      if (!found) throw new AppError('STORY_NOT_FOUND', 404);
      const { story, author } = found;
      authorize(actor, 'deleteStory', author);
      const removed = await repo.remove(story.id);
      if (!removed) throw new AppError('STORY_NOT_FOUND', 404);
      if (removed.imageId) await images.discard([removed.imageId]);
      if (actor.id !== author.id)
        await deps.log.record({
          actor,
          action: 'deleteStory',
          target: author,
          details: { storyId: story.id, excerpt: (story.text ?? story.caption ?? '').slice(0, 300) },
        });
      bus.publish('story.deleted', {
        storyId: story.id,
        authorId: author.id,
        audience: await audienceOf(author.id, story.visibility),
      });
    },

    exported: (userId: number) => repo.exported(userId),
  };
}

export type StoriesService = ReturnType<typeof createStoriesService>;
