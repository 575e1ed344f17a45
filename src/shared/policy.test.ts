import { describe, expect, it } from 'vitest';
import { can, denial, type Actor } from './policy';
import { ROLES, type Role } from './roles';

const as = (role: Role, id = 1): Actor => ({ id, role });
const target = (role: Role, id = 2) => ({ id, role });
const open = { isDefault: false, isLocked: false, chatLockAll: false, chatLockVisitors: false };

/** Which roles are allowed, per spec §6. */
function allowed(check: (actor: Actor) => boolean): Role[] {
  return ROLES.filter((role) => check(as(role)));
}

describe('spec §6 room permissions', () => {
  it.each([
    ['createRoom', ['admin', 'owner']],
    ['changeRoomIcon', ['admin', 'owner']],
    ['lockRoom', ['moderator', 'admin', 'owner']],
    ['lockRoomChat', ['moderator', 'admin', 'owner']],
    ['useStaffStyles', ['moderator', 'admin', 'owner']],
    ['beHidden', ['moderator', 'admin', 'owner']],
  ] as const)('%s is for %j', (action, roles) => {
    expect(allowed((actor) => can(actor, action))).toEqual(roles);
  });

  it('lets owner and admin delete rooms, but never a default room or a room the site is built around', () => {
    const created = { id: 'r-ab12cd', isDefault: false };
    expect(allowed((actor) => can(actor, 'deleteRoom', created))).toEqual(['admin', 'owner']);
    expect(denial(as('owner'), 'deleteRoom', { id: 'general', isDefault: true })).toBe('ROOM_DEFAULT');
    expect(denial(as('owner'), 'deleteRoom', { id: 'iraq', isDefault: false })).toBe('ROOM_DEFAULT');
    expect(denial(as('owner'), 'deleteRoom', { id: 'broadcast', isDefault: false })).toBe('ROOM_DEFAULT');
    expect(denial(as('member'), 'deleteRoom', created)).toBe('FORBIDDEN');
  });

  it('lets everyone into an open room and only staff into a locked one', () => {
    expect(allowed((actor) => can(actor, 'enterRoom', { isLocked: false }))).toEqual([...ROLES]);
    expect(allowed((actor) => can(actor, 'enterRoom', { isLocked: true }))).toEqual(['moderator', 'admin', 'owner']);
    expect(denial(as('guest'), 'enterRoom', { isLocked: true })).toBe('ROOM_LOCKED');
  });

  it('applies chat locks to posting: all but staff, or visitors only', () => {
    expect(allowed((actor) => can(actor, 'postInRoom', open))).toEqual([...ROLES]);
    const lockedAll = { ...open, chatLockAll: true };
    expect(allowed((actor) => can(actor, 'postInRoom', lockedAll))).toEqual(['moderator', 'admin', 'owner']);
    expect(denial(as('member'), 'postInRoom', lockedAll)).toBe('CHAT_LOCKED');
    const visitorsLocked = { ...open, chatLockVisitors: true };
    expect(allowed((actor) => can(actor, 'postInRoom', visitorsLocked))).toEqual([
      'member',
      'moderator',
      'admin',
      'owner',
    ]);
    expect(denial(as('guest'), 'postInRoom', visitorsLocked)).toBe('CHAT_LOCKED_VISITORS');
    expect(denial(as('member'), 'postInRoom', { ...open, isLocked: true })).toBe('ROOM_LOCKED');
  });
});

describe('actions on another user', () => {
  // Rows: actor role; columns: target role. ✓ allowed, else the reason.
  const table: [Role, Record<Role, string>][] = [
    [
      'guest',
      { guest: 'FORBIDDEN', member: 'FORBIDDEN', moderator: 'FORBIDDEN', admin: 'FORBIDDEN', owner: 'FORBIDDEN' },
    ],
    [
      'member',
      { guest: 'FORBIDDEN', member: 'FORBIDDEN', moderator: 'FORBIDDEN', admin: 'FORBIDDEN', owner: 'FORBIDDEN' },
    ],
    [
      'moderator',
      { guest: '✓', member: '✓', moderator: 'TARGET_OUTRANKS', admin: 'TARGET_OUTRANKS', owner: 'TARGET_IS_OWNER' },
    ],
    ['admin', { guest: '✓', member: '✓', moderator: '✓', admin: 'TARGET_OUTRANKS', owner: 'TARGET_IS_OWNER' }],
    ['owner', { guest: '✓', member: '✓', moderator: '✓', admin: '✓', owner: 'TARGET_IS_OWNER' }],
  ];
  it.each(table)('a %s kicking, muting and deleting the messages of others: %j', (actorRole, expected) => {
    for (const targetRole of ROLES) {
      for (const action of ['kick', 'mute', 'deleteMessage', 'deleteStory'] as const) {
        expect(denial(as(actorRole), action, target(targetRole)) ?? '✓', `${actorRole} ${action} ${targetRole}`).toBe(
          expected[targetRole],
        );
      }
    }
  });

  it('keeps bans and blocks, and lifting them, for admins and the owner', () => {
    for (const action of ['ban', 'block'] as const) {
      expect(denial(as('moderator'), action, target('guest'))).toBe('FORBIDDEN');
      expect(can(as('admin'), action, target('moderator'))).toBe(true);
      expect(denial(as('admin'), action, target('admin'))).toBe('TARGET_OUTRANKS');
      expect(denial(as('owner'), action, target('owner', 9))).toBe('TARGET_IS_OWNER');
      expect(denial(as('moderator'), 'liftSanction', action, target('guest'))).toBe('FORBIDDEN');
      expect(can(as('admin'), 'liftSanction', action, target('member'))).toBe(true);
    }
    expect(can(as('moderator'), 'liftSanction', 'mute', target('member'))).toBe(true);
    expect(denial(as('moderator'), 'liftSanction', 'kick', target('moderator'))).toBe('TARGET_OUTRANKS');
  });

  it('lets authors delete their own messages and stories, whatever their rank', () => {
    for (const role of ROLES) expect(can(as(role, 5), 'deleteMessage', target(role, 5))).toBe(true);
    for (const role of ROLES) expect(can(as(role, 5), 'deleteStory', target(role, 5))).toBe(true);
  });

  it('lets members post stories, and invites visitors to register', () => {
    expect(allowed((actor) => can(actor, 'postStory'))).toEqual(['member', 'moderator', 'admin', 'owner']);
    expect(denial(as('guest'), 'postStory')).toBe('STORY_SIGN_IN');
  });

  it('shows friends-only stories to the author and their friends only, staff included', () => {
    const story = (visibility: 'everyone' | 'friends', isFriend: boolean) => ({ authorId: 9, visibility, isFriend });
    for (const role of ROLES) {
      expect(can(as(role, 1), 'viewStory', story('everyone', false))).toBe(true);
      expect(denial(as(role, 1), 'viewStory', story('friends', false))).toBe('STORY_NOT_FOUND');
      expect(can(as(role, 1), 'viewStory', story('friends', true))).toBe(true);
      expect(can(as(role, 9), 'viewStory', story('friends', false))).toBe(true);
    }
  });

  it('keeps the viewers list for the author, and answers for everyone else', () => {
    expect(can(as('member', 9), 'listStoryViews', { authorId: 9 })).toBe(true);
    expect(denial(as('owner', 1), 'listStoryViews', { authorId: 9 })).toBe('STORY_VIEWS_AUTHOR_ONLY');
    expect(denial(as('member', 9), 'answerStory', { authorId: 9 })).toBe('STORY_OWN');
    expect(can(as('guest', 1), 'answerStory', { authorId: 9 })).toBe(true);
  });

  it('lets anyone report anyone but themselves', () => {
    expect(can(as('guest'), 'report', target('owner'))).toBe(true);
    expect(denial(as('member', 4), 'report', target('member', 4))).toBe('CANNOT_TARGET_SELF');
  });

  it.each([
    ['viewModeration', ['moderator', 'admin', 'owner']],
    ['handleReports', ['moderator', 'admin', 'owner']],
    ['editWordFilter', ['admin', 'owner']],
    ['setSiteTheme', ['owner']],
  ] as const)('%s is for %j', (action, roles) => {
    expect(allowed((actor) => can(actor, action))).toEqual(roles);
  });

  it('never lets anyone act on themselves', () => {
    for (const role of ROLES) {
      expect(denial(as(role, 7), 'kick', target(role, 7))).toBe(
        role === 'guest' || role === 'member' ? 'FORBIDDEN' : 'CANNOT_TARGET_SELF',
      );
      expect(denial(as(role, 7), 'ignoreUser', target('member', 7))).toBe('CANNOT_TARGET_SELF');
    }
  });

  it('lets people send private messages as the receiver allows; staff always; never to oneself', () => {
    const receiver = (privateMessagesFrom: 'everyone' | 'friends' | 'nobody') => ({
      ...target('member'),
      privateMessagesFrom,
    });
    expect(allowed((actor) => can(actor, 'sendPrivateMessage', receiver('everyone')))).toEqual(ROLES);
    const staff = ['moderator', 'admin', 'owner'];
    // Friends do not exist yet: 'friends' admits only staff for now.
    expect(allowed((actor) => can(actor, 'sendPrivateMessage', receiver('friends')))).toEqual(staff);
    expect(allowed((actor) => can(actor, 'sendPrivateMessage', receiver('nobody')))).toEqual(staff);
    expect(denial(as('member'), 'sendPrivateMessage', receiver('friends'))).toBe('PRIVATE_MESSAGES_FRIENDS_ONLY');
    expect(denial(as('guest'), 'sendPrivateMessage', receiver('nobody'))).toBe('PRIVATE_MESSAGES_CLOSED');
    expect(denial(as('owner', 2), 'sendPrivateMessage', receiver('everyone'))).toBe('CANNOT_TARGET_SELF');
  });

  it('lets everyone ignore anyone else, staff included', () => {
    expect(can(as('guest'), 'ignoreUser', target('owner'))).toBe(true);
  });

  it('lets a user edit their own profile and staff edit those below them', () => {
    expect(can(as('guest', 3), 'editProfile', target('guest', 3))).toBe(true);
    expect(denial(as('member'), 'editProfile', target('guest'))).toBe('FORBIDDEN');
    expect(can(as('moderator'), 'editProfile', target('member'))).toBe(true);
    expect(denial(as('moderator'), 'editProfile', target('admin'))).toBe('TARGET_OUTRANKS');
    expect(denial(as('admin'), 'editProfile', target('owner'))).toBe('TARGET_IS_OWNER');
  });
});

describe('roles', () => {
  const member = (role: Role, isMember = true) => ({ ...target(role), isMember });

  it('lets the owner make members, moderators and admins, but not owners', () => {
    for (const role of ['member', 'moderator', 'admin'] as const) {
      expect(can(as('owner'), 'setRole', member('member'), role)).toBe(true);
      expect(can(as('owner'), 'setRole', member('admin'), role)).toBe(true);
    }
    expect(denial(as('owner'), 'setRole', member('member'), 'owner')).toBe('ROLE_NOT_ALLOWED');
  });

  it('lets an admin make or unmake moderators only', () => {
    expect(can(as('admin'), 'setRole', member('member'), 'moderator')).toBe(true);
    expect(can(as('admin'), 'setRole', member('moderator'), 'member')).toBe(true);
    expect(denial(as('admin'), 'setRole', member('member'), 'admin')).toBe('ROLE_NOT_ALLOWED');
    expect(denial(as('admin'), 'setRole', member('admin'), 'member')).toBe('TARGET_OUTRANKS');
  });

  it('refuses everyone else, the owner as a target, and visitors as candidates', () => {
    expect(denial(as('moderator'), 'setRole', member('member'), 'moderator')).toBe('FORBIDDEN');
    expect(denial(as('member'), 'setRole', member('guest'), 'member')).toBe('FORBIDDEN');
    expect(denial(as('admin'), 'setRole', member('owner'), 'member')).toBe('TARGET_IS_OWNER');
    expect(denial(as('owner'), 'setRole', member('guest', false), 'moderator')).toBe('ROLE_NEEDS_MEMBER');
  });
});

describe('walls (issue 21)', () => {
  it('lets members and staff post, and refuses a visitor with an invitation to register', () => {
    expect(allowed((actor) => can(actor, 'postOnWall'))).toEqual(['member', 'moderator', 'admin', 'owner']);
    expect(denial(as('guest'), 'postOnWall')).toBe('WALL_MEMBERS_ONLY');
  });

  it('follows the rank rule on deletions: moderators non-staff, admins and the owner anyone, nobody the owner', () => {
    const may = (actor: Role, author: Role) => denial(as(actor), 'deleteWallContent', target(author));
    expect(may('member', 'guest')).toBe('FORBIDDEN');
    expect(may('moderator', 'member')).toBeNull();
    expect(may('moderator', 'guest')).toBeNull();
    expect(may('moderator', 'moderator')).toBe('TARGET_OUTRANKS');
    expect(may('moderator', 'admin')).toBe('TARGET_OUTRANKS');
    expect(may('admin', 'moderator')).toBeNull();
    expect(may('admin', 'admin')).toBeNull();
    expect(may('admin', 'owner')).toBe('TARGET_IS_OWNER');
    expect(may('owner', 'admin')).toBeNull();
    for (const role of ROLES) expect(can(as(role, 5), 'deleteWallContent', target(role, 5))).toBe(true);
    // The author of the post removes a comment under it, whoever wrote it.
    expect(can(as('member'), 'deleteWallContent', target('owner'), true)).toBe(true);
  });
});

describe('voice notes (issue 22)', () => {
  it('lets members and staff send voice notes, and visitors only when the owner allows it', () => {
    const members = ['member', 'moderator', 'admin', 'owner'];
    expect(allowed((actor) => can(actor, 'sendVoiceNote', { guestsAllowed: false }))).toEqual(members);
    expect(allowed((actor) => can(actor, 'sendVoiceNote', { guestsAllowed: true }))).toEqual([...ROLES]);
    expect(denial(as('guest'), 'sendVoiceNote', { guestsAllowed: false })).toBe('VOICE_NOTE_SIGN_IN');
  });

  it('leaves the visitors setting to the owner', () => {
    expect(allowed((actor) => can(actor, 'setVoiceNotesForGuests'))).toEqual(['owner']);
  });
});
