import type { Friend, FriendRequest } from '../../shared/api/friends';
import type { Notification } from '../../shared/api/notifications';
import type { WallComment, WallPost } from '../../shared/api/walls';
import type { Message, ReactionType } from '../../shared/entities/message';
import type { LogEntry, Report } from '../../shared/entities/moderation';
import type { OnlineUser } from '../../shared/entities/user';
import type { SanctionKind } from '../../shared/policy';
import type { RoomRow, SanctionRow, UserRow } from '../db/schema';
import type { EventBus } from './event-bus';
import type { SpeakerRemovedReason } from '../../shared/realtime/voice';
import type { SignalData, SignalKind } from '../modules/voice';
import type { ThemeId } from '../../shared/themes/themes';
import type { Story } from '../../shared/entities/story';
import type { PublicUser } from '../../shared/entities/user';

/**
 * Everything that happens in the domain and may concern someone connected. Services publish
 * these; the module that owns each event maps it to the channels that hear it (its `*.gateway.ts`).
 */
export interface DomainEvents {
  /**
   * A room message is on its way: the room hears it now, while its row commits (its id was taken
   * first). `message.created` follows once it is stored, or `message.withdrawn` if it was not.
   */
  'message.posted': { message: Message };
  /** A room message was stored (not for a retried send that was already stored). */
  'message.created': { message: Message };
  /** A posted room message was not stored after all (the write failed, or another try won). */
  'message.withdrawn': { roomId: string; messageId: number; senderId: number };
  'typing.changed': { roomId: string; userId: number; username: string; isTyping: boolean };
  /** A private message was stored (not for a retried send already stored): both people hear it. */
  'privateMessage.created': {
    message: Message & { receiverId: number };
    /** The receiver ignores the sender: only the sender's tabs hear it, the receiver nothing. */
    quietly?: boolean;
  };
  /** Someone started or stopped typing to `targetUserId` in their private conversation. */
  'privateTyping.changed': { userId: number; targetUserId: number; isTyping: boolean };
  /** `readerId` read their conversation with `otherUserId` up to `lastReadMessageId`. */
  'conversation.read': { readerId: number; otherUserId: number; lastReadMessageId: number };
  /** The first tab of a user (on any node) entered a room. */
  'presence.entered': { roomId: string; user: OnlineUser };
  /** The last tab of a user (on any node) left a room. */
  'presence.left': { roomId: string; user: OnlineUser };
  'room.countChanged': { roomId: string };
  /** A room's state changed (lock, chat locks, picture…): every node's copy and every client follow. */
  'room.changed': { room: RoomRow };
  /** A room was created: every node reads it, every client lists it. */
  'room.created': { room: RoomRow };
  /**
   * A room was deleted (now inactive): every node reads it, every client drops it, and everyone
   * inside, on every node, is moved to `movedTo`.
   */
  'room.deleted': { room: RoomRow; movedTo: string };
  /** A room's chat locks changed (also a `room.changed`): clients are told as `chatLockUpdated`. */
  'room.chatLockChanged': { roomId: string; chatLockAll: boolean; chatLockVisitors: boolean };
  /**
   * A user's record changed. `visibility` says who must hear it: 'public' for what others see
   * (role, profile), 'private' for the user's own settings.
   */
  'user.changed': {
    user: UserRow;
    visibility: 'public' | 'private';
    /** Profile fields that changed (profile edits): each look change also has its own envelope. */
    changed?: readonly string[];
    /** The avatar changed: `selfAvatarUpdated` to the user, `userAvatarUpdated` to everyone. */
    avatarChanged?: boolean;
  };

  /** A session ended (logout): its sockets are closed on every node. */
  'session.ended': { sessionId: string };
  /** A message was deleted by its author or by staff. */
  'message.deleted': { roomId: string; messageId: number };
  /** Its sender edited a room message (the room hears it; not those who ignore the sender). */
  'message.edited': { roomId: string; messageId: number; senderId: number; content: string; editedAt: string };
  /** Its sender edited a private message; `quietly`: the receiver ignores them, only the sender hears. */
  'privateMessage.edited': {
    messageId: number;
    senderId: number;
    receiverId: number;
    content: string;
    editedAt: string;
    quietly: boolean;
  };
  /** Its sender deleted a private message: both people's screens drop it. */
  'privateMessage.deleted': { messageId: number; senderId: number; receiverId: number };
  /** Someone visible came online or went offline on the whole site (not per room). */
  'presence.onlineChanged': { userId: number; online: boolean };
  /** Their friends are told (the ids looked up once, by the friends module). */
  'friend.presence': { userId: number; online: boolean; friendIds: number[] };
  /** An account was deleted with its messages: they leave every open screen. */
  'user.deleted': { userId: number };
  /** Someone was kicked, muted, banned or blocked. */
  'user.sanctioned': {
    sanction: SanctionRow;
    actor: SanctionParty;
    target: SanctionParty;
    /** Where the target was: the rooms that see the notice. */
    roomIds: string[];
  };
  /** A sanction of one kind was lifted early. */
  'user.sanctionLifted': { kind: SanctionKind; actor: SanctionParty; target: SanctionParty; roomIds: string[] };
  /** Voice (issue 12): someone in a room's voice session raised a hand; the host and staff hear it. */
  'voice.micRequested': {
    roomId: string;
    userId: number;
    username: string;
    gender: string | null;
    hostId: number | null;
  };
  /** `userId` became a speaker. */
  'voice.micApproved': { roomId: string; userId: number };
  /** A raised hand was turned down. */
  'voice.micRejected': { roomId: string; userId: number; hostId: number | null };
  /** `userId` no longer speaks. */
  'voice.speakerRemoved': { roomId: string; userId: number; reason: SpeakerRemovedReason };
  /** A socket (or, with null, every socket of the user) left a room's voice session. */
  'voice.left': { roomId: string; userId: number; socketId: string | null };
  /** A WebRTC signal to relay to `targetUserId`'s socket in the session. */
  'voice.signal': {
    kind: SignalKind;
    roomId: string;
    senderId: number;
    targetUserId: number;
    data: SignalData;
  };
  /** A report was made (by someone, or by the site for a flagged word): staff hear of it. */
  'report.created': { report: Report };
  /** The owner changed the site theme: every open page, on every node, switches to it. */
  'siteTheme.changed': { siteTheme: ThemeId };
  /**
   * The moderation log gained an entry (a sanction or its lift, a role, a room locked, a word
   * filter change…): staff's open moderation lists are fetched again, on every node.
   */
  'moderation.logged': { entry: LogEntry };
  /** Staff closed a report: it leaves every staff queue, and its reporter (if a person) is told `text`. */
  'report.handled': { report: Report; reporterId: number | null; text: string };
  /** Someone set, switched or removed their reaction to a room message. */
  'reaction.changed': {
    roomId: string;
    messageId: number;
    reactions: Record<ReactionType, number>;
    lastReaction: { type: ReactionType; reactorName: string; timestamp: string } | null;
    reactorId: number;
    reaction: ReactionType | null;
  };
  /** A notification was stored (or a grouped one grew) for `userId`. */
  'notification.created': { userId: number; notification: Notification; unreadCount: number };
  /** One (id) or all (null) of a user's notifications were read. */
  'notification.read': { userId: number; id: number | null; unreadCount: number };
  'notifications.cleared': { userId: number };
  /** `userId` started or stopped ignoring `targetId`. */
  'ignore.changed': { userId: number; targetId: number; ignoring: boolean };
  /** A friend request reached its addressee (not sent when they ignore the asker). */
  'friend.requested': { request: FriendRequest };
  'friend.accepted': { request: FriendRequest; friendOfRequester: Friend; friendOfAddressee: Friend };
  /** A request was declined or withdrawn, or a friendship ended: `tell` hear it. */
  'friend.removed': { userId: number; otherId: number; requestId: number | null; tell: number[] };

  // ---- walls (issue 21): `audience` is who may see the post, read when it happened ----
  /** A wall post was stored (`myReaction` null, no comments yet). */
  'wall.postCreated': { post: WallPost; audience: WallAudience };
  /** A post's reactions or comment count changed; `reactor` set when a reaction did it. */
  'wall.postUpdated': {
    postId: number;
    authorId: number;
    reactions: WallPost['reactions'];
    commentCount: number;
    audience: WallAudience;
    reactor?: { id: number; reaction: ReactionType | null };
  };
  'wall.postDeleted': { postId: number; authorId: number; audience: WallAudience };
  'wall.commentCreated': {
    comment: WallComment;
    postAuthorId: number;
    commentCount: number;
    audience: WallAudience;
  };
  'wall.commentDeleted': {
    postId: number;
    commentId: number;
    authorId: number;
    postAuthorId: number;
    commentCount: number;
    audience: WallAudience;
  };
  /** Someone set a new reaction on a post (not a removal): its author is notified. */
  'wall.reacted': { postId: number; postAuthorId: number; reactorId: number; reaction: ReactionType };

  // ---- stories (issue 21) ----
  /** A story was posted: those who may see it hear of it (friends-only: `friendIds` and the author). */
  'story.posted': { story: Story; author: PublicUser; audience: StoryAudience };
  /** A story was deleted by its author or staff (not an expiry: clients drop those themselves). */
  'story.deleted': { storyId: number; authorId: number; audience: StoryAudience };
}

/** Who may see a story: everyone (less the author's ignorers), or the author's friends looked up once. */
export type StoryAudience = { visibility: 'everyone' } | { visibility: 'friends'; friendIds: number[] };

/** Who may see a wall post: everyone (the public wall), or these users (the author and their friends). */
export type WallAudience = 'everyone' | number[];

export type DomainEventBus = EventBus<DomainEvents>;

/** A person in a moderation event, as the notice names them. */
export interface SanctionParty {
  id: number;
  username: string;
  gender: string | null;
}
