/**
 * The one answer to "may this actor do this?" (spec §6, and the rank rule of §4 for every action
 * on another user). The server refuses with the rule's reason; the interface asks the same rules
 * to decide what to show. Each rule returns null when the action is allowed, else the error code
 * whose Arabic text explains why.
 */
import type { ErrorCode } from './api/errors';
import { hasRank, isStaff, roleRank, type Role } from './roles';
import { isSiteRoom } from './entities/room';
import type { PrivateMessagesFrom } from './entities/user';

/** Whoever acts: the session's user, as the server currently knows them. */
export interface Actor {
  id: number;
  role: Role;
}

/** A user acted upon. */
export type TargetUser = Actor;

/** The parts of a room the rules read. */
export interface RoomState {
  isDefault: boolean;
  isLocked: boolean;
  chatLockAll: boolean;
  chatLockVisitors: boolean;
}

type Denial = ErrorCode | null;

export const SANCTION_KINDS = ['kick', 'mute', 'ban', 'block'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

const staffOnly = (actor: Actor): Denial => (isStaff(actor.role) ? null : 'FORBIDDEN');
const adminOnly = (actor: Actor): Denial => (hasRank(actor.role, 'admin') ? null : 'FORBIDDEN');

/** The rank rule: never on oneself, never on the owner, only on someone of a lower rank. */
function actOnUser(actor: Actor, target: TargetUser): Denial {
  if (actor.id === target.id) return 'CANNOT_TARGET_SELF';
  if (target.role === 'owner') return 'TARGET_IS_OWNER';
  if (roleRank(actor.role) <= roleRank(target.role)) return 'TARGET_OUTRANKS';
  return null;
}

/** Roles each rank may hand out (the owner role itself is given only from the command line). */
const GRANTABLE: Partial<Record<Role, readonly Role[]>> = {
  owner: ['member', 'moderator', 'admin'],
  admin: ['member', 'moderator'],
};

const rules = {
  // ---- rooms (spec §6) ----
  createRoom: adminOnly,
  deleteRoom: (actor: Actor, room: { id: string; isDefault: boolean }): Denial =>
    adminOnly(actor) ?? (room.isDefault || isSiteRoom(room.id) ? 'ROOM_DEFAULT' : null),
  changeRoomIcon: adminOnly,
  lockRoom: staffOnly,
  /** chatLockAll / chatLockVisitors. */
  lockRoomChat: staffOnly,
  enterRoom: (actor: Actor, room: Pick<RoomState, 'isLocked'>): Denial =>
    room.isLocked && !isStaff(actor.role) ? 'ROOM_LOCKED' : null,
  postInRoom: (actor: Actor, room: RoomState): Denial => {
    if (isStaff(actor.role)) return null;
    if (room.isLocked) return 'ROOM_LOCKED';
    if (room.chatLockAll) return 'CHAT_LOCKED';
    if (room.chatLockVisitors && actor.role === 'guest') return 'CHAT_LOCKED_VISITORS';
    return null;
  },

  // ---- profiles ----
  /** Gradients, username effects and profile backgrounds (spec §5, §6). */
  useStaffStyles: staffOnly,
  /** Staying out of online lists. */
  beHidden: staffOnly,
  /** One's own profile, or that of someone of a lower rank for staff. */
  editProfile: (actor: Actor, target: TargetUser): Denial =>
    actor.id === target.id ? null : (staffOnly(actor) ?? actOnUser(actor, target)),

  // ---- people ----
  /** Spec §6: all users may ignore others. */
  ignoreUser: (actor: Actor, target: TargetUser): Denial => (actor.id === target.id ? 'CANNOT_TARGET_SELF' : null),
  /**
   * A private message (or typing notice) to someone: never to oneself; staff always; others as the
   * receiver's setting says ('friends': only when `isFriend`, which the caller looks up).
   */
  sendPrivateMessage: (
    actor: Actor,
    receiver: TargetUser & { privateMessagesFrom: PrivateMessagesFrom; isFriend?: boolean },
  ): Denial => {
    if (actor.id === receiver.id) return 'CANNOT_TARGET_SELF';
    if (isStaff(actor.role) || receiver.privateMessagesFrom === 'everyone') return null;
    if (receiver.privateMessagesFrom === 'friends') return receiver.isFriend ? null : 'PRIVATE_MESSAGES_FRIENDS_ONLY';
    return 'PRIVATE_MESSAGES_CLOSED';
  },
  /** Any signed-in user may report a message or a person, but not themselves. */
  report: (actor: Actor, target: TargetUser): Denial => (actor.id === target.id ? 'CANNOT_TARGET_SELF' : null),

  // ---- moderation (moderators: kick, mute, delete; admins and the owner also ban and block) ----
  kick: (actor: Actor, target: TargetUser): Denial => staffOnly(actor) ?? actOnUser(actor, target),
  mute: (actor: Actor, target: TargetUser): Denial => staffOnly(actor) ?? actOnUser(actor, target),
  ban: (actor: Actor, target: TargetUser): Denial => adminOnly(actor) ?? actOnUser(actor, target),
  block: (actor: Actor, target: TargetUser): Denial => adminOnly(actor) ?? actOnUser(actor, target),
  /** Lifting needs what imposing it needs. */
  liftSanction: (actor: Actor, kind: SanctionKind, target: TargetUser): Denial =>
    (kind === 'ban' || kind === 'block' ? adminOnly(actor) : staffOnly(actor)) ?? actOnUser(actor, target),
  /** Authors delete their own messages; staff those of anyone below them. */
  deleteMessage: (actor: Actor, sender: TargetUser): Denial =>
    actor.id === sender.id ? null : (staffOnly(actor) ?? actOnUser(actor, sender)),
  /** Only its sender edits a message (within the edit window, which the service checks). */
  editMessage: (actor: Actor, sender: TargetUser): Denial => (actor.id === sender.id ? null : 'MESSAGE_NOT_YOURS'),
  /** Pinned messages, the announcement, the welcome message and slow mode of a room. */
  manageRoomMessages: staffOnly,
  /** Staff are not held to a room's slow mode. */
  skipSlowMode: staffOnly,
  /** Walls (issue 21): members post, comment and react; a visitor reads and is invited to register. */
  postOnWall: (actor: Actor): Denial => (actor.role === 'guest' ? 'WALL_MEMBERS_ONLY' : null),
  /**
   * A wall post or comment: its author; staff by the walls' rank rule (a moderator removes those of
   * non-staff, an admin and the owner anyone's, nobody the owner's). The author of the post a
   * comment is under also removes it (`onOwnPost`).
   */
  deleteWallContent: (actor: Actor, author: TargetUser, onOwnPost = false): Denial => {
    if (actor.id === author.id || onOwnPost) return null;
    if (!isStaff(actor.role)) return 'FORBIDDEN';
    if (author.role === 'owner') return 'TARGET_IS_OWNER';
    if (actor.role === 'moderator' && isStaff(author.role)) return 'TARGET_OUTRANKS';
    return null;
  },
  /** The moderation panel: people online, sanctions, the log, the report queue. */
  viewModeration: staffOnly,
  handleReports: staffOnly,
  editWordFilter: adminOnly,
  // ---- voice rooms (issue 12) ----
  /** Signed-in users only: a visitor listens to nobody and is heard by nobody. */
  joinVoice: (actor: Actor): Denial => (actor.role === 'guest' ? 'VOICE_SIGN_IN' : null),
  /** Approve, reject, take the microphone directly: the room's host, and staff always. */
  hostVoice: (actor: Actor, room: { hostId: number | null }): Denial =>
    actor.id === room.hostId ? null : staffOnly(actor),
  /** A speaker steps down; the host and staff send anyone back. */
  removeSpeaker: (actor: Actor, room: { hostId: number | null }, speakerId: number): Denial =>
    actor.id === speakerId || actor.id === room.hostId ? null : staffOnly(actor),
  setVoiceHost: staffOnly,
  /** The site theme every page shows (spec §7). */
  setSiteTheme: (actor: Actor): Denial => (actor.role === 'owner' ? null : 'FORBIDDEN'),
  // ---- stories (issue 21) ----
  /** Members post stories; a visitor watches and is invited to register. */
  postStory: (actor: Actor): Denial => (actor.role === 'guest' ? 'STORY_SIGN_IN' : null),
  /** Everyone's stories are seen by all; friends-only ones by the author and their friends. */
  viewStory: (
    actor: Actor,
    story: { authorId: number; visibility: 'everyone' | 'friends'; isFriend: boolean },
  ): Denial =>
    story.visibility === 'everyone' || actor.id === story.authorId || story.isFriend ? null : 'STORY_NOT_FOUND',
  /** Who saw a story: its author only. */
  listStoryViews: (actor: Actor, story: { authorId: number }): Denial =>
    actor.id === story.authorId ? null : 'STORY_VIEWS_AUTHOR_ONLY',
  /** Reacting or replying goes to the author: never one's own. */
  answerStory: (actor: Actor, story: { authorId: number }): Denial =>
    actor.id === story.authorId ? 'STORY_OWN' : null,
  /** Authors delete their own stories; staff those of anyone below them. */
  deleteStory: (actor: Actor, author: TargetUser): Denial =>
    actor.id === author.id ? null : (staffOnly(actor) ?? actOnUser(actor, author)),
  // ---- voice notes (issue 22) ----
  /** Members send voice notes; visitors only when the owner allows it (a site setting, off by default). */
  sendVoiceNote: (actor: Actor, site: { guestsAllowed: boolean }): Denial =>
    actor.role === 'guest' && !site.guestsAllowed ? 'VOICE_NOTE_SIGN_IN' : null,
  /** Whether visitors may send voice notes: the owner decides. */
  setVoiceNotesForGuests: (actor: Actor): Denial => (actor.role === 'owner' ? null : 'FORBIDDEN'),
  /** The health details: the last retention pass and its counts, the configured periods. */
  viewHealthDetails: (actor: Actor): Denial => (actor.role === 'owner' ? null : 'FORBIDDEN'),
  setRole: (actor: Actor, target: TargetUser & { isMember: boolean }, role: Role): Denial => {
    const grantable = GRANTABLE[actor.role];
    if (!grantable) return 'FORBIDDEN';
    const denied = actOnUser(actor, target);
    if (denied) return denied;
    if (!grantable.includes(role)) return 'ROLE_NOT_ALLOWED';
    if (!target.isMember) return 'ROLE_NEEDS_MEMBER';
    return null;
  },
} satisfies Record<string, (actor: Actor, ...subject: never[]) => Denial>;

type Rules = typeof rules;
export type Action = keyof Rules;
/** What an action is about, after the actor: a room, a user, a role… */
export type Subject<A extends Action> = Parameters<Rules[A]> extends [Actor, ...infer Rest] ? Rest : never;

/** Why `actor` may not do `action`, or null if they may. */
export function denial<A extends Action>(actor: Actor, action: A, ...subject: Subject<A>): ErrorCode | null {
  const rule = rules[action] as unknown as (actor: Actor, ...subject: Subject<A>) => Denial;
  return rule(actor, ...subject);
}

export function can<A extends Action>(actor: Actor, action: A, ...subject: Subject<A>): boolean {
  return denial(actor, action, ...subject) === null;
}

export const ACTIONS = Object.keys(rules) as Action[];
