/** Ranks of spec §4 "Roles rank" and the permission checks built on them. */

export const ROLES = ['guest', 'member', 'moderator', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { guest: 0, member: 1, moderator: 2, admin: 3, owner: 4 };

export function roleRank(role: Role): number {
  return RANK[role];
}

export function hasRank(role: Role, required: Role): boolean {
  return RANK[role] >= RANK[required];
}

/** Staff are moderator, admin and owner (spec §4 "Room lock"). */
export function isStaff(role: Role): boolean {
  return hasRank(role, 'moderator');
}

/** Spec §6: who may enter a locked room. */
export function canEnterLockedRoom(role: Role): boolean {
  return isStaff(role);
}

/** Spec §6: create, delete and re-picture rooms. */
export function canManageRooms(role: Role): boolean {
  return hasRank(role, 'admin');
}

/** Spec §6: lock and unlock rooms. */
export function canLockRooms(role: Role): boolean {
  return isStaff(role);
}
