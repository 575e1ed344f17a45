import type { NewWallPost, WallComment, WallPost, WallType } from '../../../shared/api/walls';
import { WALLS } from '../../../shared/api/walls';
import type { ReactionType } from '../../../shared/entities/message';
import { authorize, type NamedActor } from '../../authorize';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus, WallAudience } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { FriendsService } from '../friends';
import type { ChatImageStore } from '../images';
import type { IgnoreService } from '../ignore';
import {
  flaggedWordsReason,
  postingError,
  type MessageFlood,
  type ModerationLog,
  type ReportsService,
  type ScreenedMessage,
  type WordFilterService,
} from '../moderation';
import type { Writes } from '../module';
import type { PresenceService } from '../presence';
import type { LiveUsers } from '../users';
import { WALL_TEXTS } from './texts';
import { toWallComment, toWallPost } from './walls.presenter';
import type { PostWithAuthor, WallsRepo } from './walls.repo';

/** Who acts on a wall: the session's user and the device it signed in from (flood control). */
export interface WallActor extends NamedActor {
  deviceId: string | null;
}

export interface WallCounts {
  postId: number;
  reactions: WallPost['reactions'];
  myReaction: ReactionType | null;
  commentCount: number;
}

/**
 * Walls (issue 21): members post text and/or a picture on the public wall or their friends'
 * wall, comment, react. The friends wall is seen only by the author's friends and the author,
 * over HTTP and live alike; sanctions, flood control, the word filter and ignores apply as to
 * messages; staff delete by the walls' rank rule, recorded in the moderation log.
 */
export function createWallsService(deps: {
  repo: WallsRepo;
  liveUsers: Pick<LiveUsers, 'lookup'>;
  presence: Pick<PresenceService, 'onlineUserIds'>;
  friends: Pick<FriendsService, 'friendIdsOf' | 'areFriends'>;
  ignore: Pick<IgnoreService, 'ignoredBy'>;
  flood: MessageFlood;
  words: WordFilterService;
  reports: Pick<ReportsService, 'reportContent'>;
  log: ModerationLog;
  images: Pick<ChatImageStore, 'claim' | 'release' | 'remove'>;
  bus: DomainEventBus;
  clock: Clock;
  writes: Writes;
  onError: (error: unknown) => void;
}) {
  const { repo, liveUsers, presence, friends, ignore, flood, words, reports, log, images, bus, clock, writes } = deps;

  /** Who may see a post of `authorId` on `type`: everyone, or the author and their friends. */
  async function audienceOf(type: WallType, authorId: number): Promise<WallAudience> {
    if (type === 'public') return 'everyone';
    return [authorId, ...(await friends.friendIdsOf(authorId))];
  }

  async function maySee(viewerId: number, type: WallType, authorId: number): Promise<boolean> {
    return type === 'public' || viewerId === authorId || friends.areFriends(viewerId, authorId);
  }

  /** A post the viewer may see; anything else is "not found" (an id guesser learns nothing). */
  async function visiblePost(viewerId: number, postId: number): Promise<PostWithAuthor> {
    const found = await repo.findPost(postId);
    if (!found || !(await maySee(viewerId, found.post.type, found.post.authorId)))
      throw new AppError('WALL_POST_NOT_FOUND', 404);
    return found;
  }

  /** Members only, and not muted, banned or blocked now (MUTED says for how long). */
  async function requireMayPost(actor: WallActor): Promise<void> {
    authorize(actor, 'postOnWall');
    const current = await liveUsers.lookup(actor.id);
    const refused = postingError(current.restrictions, clock.now());
    if (refused) throw refused;
  }

  /** Flood control (one allowance with messages) and the word filter. */
  async function screen(actor: WallActor, content: string, fingerprint: string): Promise<ScreenedMessage> {
    await flood.check({ userId: actor.id, role: actor.role, deviceId: actor.deviceId }, fingerprint);
    return content ? words.screenMessage(content) : { content, flagged: [] };
  }

  function reportFlagged(author: UserRow, screened: ScreenedMessage, reason: (text: string) => string): void {
    if (screened.flagged.length === 0) return;
    const words = screened.flagged.map((w) => w.word);
    void writes
      .track(
        reports.reportContent(null, {
          target: author,
          excerpt: screened.content,
          reason: reason(flaggedWordsReason(words)),
        }),
      )
      .catch(deps.onError);
  }

  async function present(rows: PostWithAuthor[], viewerId: number): Promise<WallPost[]> {
    const ids = rows.map((r) => r.post.id);
    const [online, reactions, mine, comments] = await Promise.all([
      presence.onlineUserIds([...new Set(rows.map((r) => r.author.id))]),
      repo.reactionCounts(ids),
      repo.reactionsOf(viewerId, ids),
      repo.commentCounts(ids),
    ]);
    return rows.map((row) =>
      toWallPost(row, {
        online: online.has(row.author.id),
        reactions: reactions.get(row.post.id)!,
        myReaction: mine.get(row.post.id) ?? null,
        commentCount: comments.get(row.post.id) ?? 0,
      }),
    );
  }

  async function countsOf(postId: number, viewerId: number): Promise<WallCounts> {
    const [reactions, mine, comments] = await Promise.all([
      repo.reactionCounts([postId]),
      repo.reactionsOf(viewerId, [postId]),
      repo.commentCounts([postId]),
    ]);
    return {
      postId,
      reactions: reactions.get(postId)!,
      myReaction: mine.get(postId) ?? null,
      commentCount: comments.get(postId) ?? 0,
    };
  }

  /** Staff removed someone else's post or comment: the moderation log keeps it. */
  async function logRemoval(
    actor: NamedActor,
    action: 'deleteWallPost' | 'deleteWallComment',
    author: UserRow,
    details: Record<string, unknown>,
  ): Promise<void> {
    await log.record({ actor, action, target: { id: author.id, username: author.username }, details });
  }

  return {
    /** A page of a wall, newest first, as `viewer` may see it (ignored authors left out). */
    async page(
      viewer: NamedActor,
      type: WallType,
      query: { before?: number; limit: number },
    ): Promise<{ posts: WallPost[]; hasMore: boolean }> {
      const [hidden, authors] = await Promise.all([
        ignore.ignoredBy(viewer.id),
        type === 'friends' ? friends.friendIdsOf(viewer.id).then((ids) => [viewer.id, ...ids]) : undefined,
      ]);
      const { rows, hasMore } = await repo.page({ type, ...query, authors, hidden });
      return { posts: await present(rows, viewer.id), hasMore };
    },

    async create(actor: WallActor, input: NewWallPost): Promise<WallPost> {
      await requireMayPost(actor);
      const imageId = input.imageId ?? null;
      const screened = await screen(actor, input.content, input.content || `image:${imageId}`);
      if (imageId) await images.claim(actor.id, imageId, 'wall');
      let row;
      try {
        row = await writes.track(
          repo.insertPost({
            authorId: actor.id,
            type: input.type,
            content: screened.content,
            imageId,
            createdAt: new Date(clock.now()),
          }),
        );
      } catch (error) {
        if (imageId) await images.release(imageId).catch(deps.onError);
        throw error;
      }
      const found = await repo.findPost(row.id);
      if (!found) throw new AppError('WALL_POST_NOT_FOUND', 404);
      const [post] = await present([found], actor.id);
      bus.publish('wall.postCreated', { post: post!, audience: await audienceOf(post!.type, actor.id) });
      reportFlagged(found.author, screened, WALL_TEXTS.postReport);
      return post!;
    },

    /** By its author, or staff by the rank rule (recorded); its picture goes with it. */
    async remove(actor: NamedActor, postId: number): Promise<void> {
      const found = await repo.findPost(postId);
      if (!found) throw new AppError('WALL_POST_NOT_FOUND', 404);
      const { post, author } = found;
      authorize(actor, 'deleteWallContent', author);
      const audience = await audienceOf(post.type, author.id);
      if (!(await writes.track(repo.deletePost(post.id)))) throw new AppError('WALL_POST_NOT_FOUND', 404);
      if (actor.id !== author.id)
        await logRemoval(actor, 'deleteWallPost', author, {
          postId: post.id,
          wall: post.type,
          excerpt: post.content.slice(0, 300),
        });
      if (post.imageId) await images.remove(post.imageId).catch(deps.onError);
      bus.publish('wall.postDeleted', { postId: post.id, authorId: author.id, audience });
    },

    /** Sets, switches or (null) removes the actor's one reaction to a post. */
    async react(actor: WallActor, postId: number, type: ReactionType | null): Promise<WallCounts> {
      const { post } = await visiblePost(actor.id, postId);
      await requireMayPost(actor);
      const changed = await writes.track(repo.setReaction(post.id, actor.id, type, new Date(clock.now())));
      const counts = await countsOf(post.id, actor.id);
      if (changed) {
        bus.publish('wall.postUpdated', {
          postId: post.id,
          authorId: post.authorId,
          reactions: counts.reactions,
          commentCount: counts.commentCount,
          audience: await audienceOf(post.type, post.authorId),
          reactor: { id: actor.id, reaction: type },
        });
        if (type !== null)
          bus.publish('wall.reacted', {
            postId: post.id,
            postAuthorId: post.authorId,
            reactorId: actor.id,
            reaction: type,
          });
      }
      return counts;
    },

    /** The latest comments of a post the viewer may see, oldest first, ignored authors left out. */
    async comments(viewer: NamedActor, postId: number): Promise<WallComment[]> {
      const { post } = await visiblePost(viewer.id, postId);
      const rows = await repo.comments(post.id, WALLS.comments, await ignore.ignoredBy(viewer.id));
      const online = await presence.onlineUserIds([...new Set(rows.map((r) => r.author.id))]);
      return rows.map((row) => toWallComment(row, online.has(row.author.id)));
    },

    async comment(actor: WallActor, postId: number, content: string): Promise<WallComment> {
      const { post } = await visiblePost(actor.id, postId);
      await requireMayPost(actor);
      const screened = await screen(actor, content, content);
      const row = await writes.track(
        repo.insertComment({
          postId: post.id,
          authorId: actor.id,
          content: screened.content,
          createdAt: new Date(clock.now()),
        }),
      );
      const found = await repo.findComment(row.id);
      if (!found) throw new AppError('WALL_COMMENT_NOT_FOUND', 404);
      const [online, counts] = await Promise.all([presence.onlineUserIds([actor.id]), countsOf(post.id, actor.id)]);
      const comment = toWallComment(found, online.has(actor.id));
      const audience = await audienceOf(post.type, post.authorId);
      bus.publish('wall.commentCreated', {
        comment,
        postAuthorId: post.authorId,
        commentCount: counts.commentCount,
        audience,
      });
      bus.publish('wall.postUpdated', {
        postId: post.id,
        authorId: post.authorId,
        reactions: counts.reactions,
        commentCount: counts.commentCount,
        audience,
      });
      reportFlagged(found.author, screened, WALL_TEXTS.commentReport);
      return comment;
    },

    /** By its author, the post's author, or staff by the rank rule (recorded). */
    async removeComment(actor: NamedActor, commentId: number): Promise<void> {
      const found = await repo.findComment(commentId);
      const post = found ? await repo.findPost(found.comment.postId) : undefined;
      if (!found || !post) throw new AppError('WALL_COMMENT_NOT_FOUND', 404);
      const { comment, author } = found;
      const onOwnPost = actor.id === post.post.authorId;
      authorize(actor, 'deleteWallContent', author, onOwnPost);
      if (!(await writes.track(repo.deleteComment(comment.id)))) throw new AppError('WALL_COMMENT_NOT_FOUND', 404);
      if (actor.id !== author.id && !onOwnPost)
        await logRemoval(actor, 'deleteWallComment', author, {
          postId: comment.postId,
          commentId: comment.id,
          excerpt: comment.content.slice(0, 300),
        });
      const counts = await countsOf(comment.postId, actor.id);
      const audience = await audienceOf(post.post.type, post.post.authorId);
      bus.publish('wall.commentDeleted', {
        postId: comment.postId,
        commentId: comment.id,
        authorId: author.id,
        postAuthorId: post.post.authorId,
        commentCount: counts.commentCount,
        audience,
      });
      bus.publish('wall.postUpdated', {
        postId: comment.postId,
        authorId: post.post.authorId,
        reactions: counts.reactions,
        commentCount: counts.commentCount,
        audience,
      });
    },

    /** Reports a post the reporter may see (its author is the reported person). */
    async reportPost(actor: NamedActor, postId: number, reason: string): Promise<void> {
      const { post, author } = await visiblePost(actor.id, postId);
      await reports.reportContent(actor, {
        target: author,
        excerpt: post.content || (post.imageId ? `[${post.imageId}]` : ''),
        reason: WALL_TEXTS.postReport(reason),
      });
    },

    async reportComment(actor: NamedActor, commentId: number, reason: string): Promise<void> {
      const found = await repo.findComment(commentId);
      if (!found) throw new AppError('WALL_COMMENT_NOT_FOUND', 404);
      await visiblePost(actor.id, found.comment.postId).catch(() => {
        throw new AppError('WALL_COMMENT_NOT_FOUND', 404);
      });
      await reports.reportContent(actor, {
        target: found.author,
        excerpt: found.comment.content,
        reason: WALL_TEXTS.commentReport(reason),
      });
    },

    /** The data export's section: the user's posts and comments. */
    async exported(userId: number): Promise<unknown[]> {
      const [posts, comments] = await Promise.all([repo.postsOf(userId), repo.commentsOf(userId)]);
      return [
        ...posts.map((p) => ({
          kind: 'post',
          id: p.id,
          wall: p.type,
          content: p.content,
          imageId: p.imageId,
          createdAt: p.createdAt.toISOString(),
        })),
        ...comments.map((c) => ({
          kind: 'comment',
          id: c.id,
          postId: c.postId,
          content: c.content,
          createdAt: c.createdAt.toISOString(),
        })),
      ];
    },
  };
}

export type WallsService = ReturnType<typeof createWallsService>;
