/** Ranks of spec §4 "Roles rank". Permissions themselves live in `policy.ts`. */

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
