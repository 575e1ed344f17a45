import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { visibleTabs } from './panel/ModerationPanel';
import { grantableRoles, mayManageRoles } from './panel/RolesTab';
import { cardActions } from './card-actions';

const me = (role: Role) => ({ id: 1, role });
const them = (role: Role) => ({ id: 2, role });

describe('what a card offers, asked from the policy', () => {
  it('offers anyone only a report, and nothing on themselves', () => {
    expect(cardActions(me('guest'), them('member'), false)).toEqual(['report']);
    expect(cardActions(me('member'), them('guest'), true)).toEqual(['reportMessage', 'report']);
    expect(cardActions(me('owner'), { id: 1, role: 'owner' }, false)).toEqual([]);
  });

  it('lets authors delete their own messages', () => {
    expect(cardActions(me('guest'), { id: 1, role: 'guest' }, true)).toEqual(['deleteMessage']);
  });

  it('gives moderators kick and mute on lower ranks, admins also ban and block', () => {
    expect(cardActions(me('moderator'), them('member'), true)).toEqual([
      'deleteMessage',
      'reportMessage',
      'kick',
      'mute',
      'unmute',
      'report',
    ]);
    expect(cardActions(me('admin'), them('moderator'), false)).toEqual([
      'kick',
      'mute',
      'unmute',
      'ban',
      'block',
      'makeMember',
      'report',
    ]);
  });

  it('offers «make moderator» to a member and back to member for staff, to those who hand out roles', () => {
    expect(cardActions(me('moderator'), them('member'), false)).not.toContain('makeModerator');
    expect(cardActions(me('admin'), them('member'), false)).toContain('makeModerator');
    expect(cardActions(me('owner'), them('admin'), false)).toContain('makeMember');
    // An admin may not demote an admin; a visitor has no role to give.
    expect(cardActions(me('admin'), them('admin'), false)).not.toContain('makeMember');
    expect(cardActions(me('owner'), them('guest'), false, null, false)).not.toContain('makeModerator');
    expect(cardActions(me('owner'), them('member'), false, null, false)).not.toContain('makeModerator');
  });

  it('offers lifting a mute only to someone muted, once that is known', () => {
    expect(cardActions(me('moderator'), them('member'), false, false)).toEqual(['kick', 'mute', 'report']);
    expect(cardActions(me('moderator'), them('member'), false, true)).toEqual(['kick', 'mute', 'unmute', 'report']);
    expect(cardActions(me('member'), them('guest'), false, true)).toEqual(['report']);
  });

  it('never offers a sanction on an equal or higher rank, or on the owner', () => {
    expect(cardActions(me('moderator'), them('moderator'), true)).toEqual(['reportMessage', 'report']);
    expect(cardActions(me('admin'), them('owner'), false)).toEqual(['report']);
  });

  it("shows staff the panel's tabs they may use", () => {
    expect(visibleTabs(me('member'))).toEqual([]);
    expect(visibleTabs(me('moderator'))).toEqual(['online', 'sanctions', 'log', 'reports']);
    expect(visibleTabs(me('admin'))).toEqual(['online', 'sanctions', 'log', 'reports', 'words', 'roles']);
    expect(visibleTabs(me('owner'))).toContain('roles');
  });

  it('offers the roles the viewer may hand out', () => {
    const member = { id: 2, username: 'x', role: 'member' as Role, userType: 'member' as const };
    expect(mayManageRoles(me('moderator'))).toBe(false);
    expect(grantableRoles(me('owner'), member)).toEqual(['member', 'moderator', 'admin']);
    expect(grantableRoles(me('admin'), member)).toEqual(['member', 'moderator']);
    expect(grantableRoles(me('owner'), { ...member, userType: 'guest', role: 'guest' })).toEqual([]);
  });
});
