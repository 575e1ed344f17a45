import type { CountryPath } from '../../../shared/catalogue/countries';
import type { Gender, PublicUser, SelfUser } from '../../../shared/entities/user';
import { GENDERS } from '../../../shared/entities/user';
import { isStaff } from '../../../shared/roles';
import type { UserRow } from '../../db/schema';

function gender(value: string | null): Gender | null {
  return (GENDERS as readonly string[]).includes(value ?? '') ? (value as Gender) : null;
}

/** The row as everyone may see it. Staff-only styles show only while their owner is staff (spec §5). */
export function toPublicUser(row: UserRow, isOnline: boolean): PublicUser {
  const staff = isStaff(row.role);
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    userType: row.userType,
    role: row.role,
    profileImage: row.profileImage,
    avatarHash: row.avatarHash,
    avatarVersion: row.avatarVersion,
    usernameColor: row.usernameColor,
    usernameGradient: staff ? row.usernameGradient : null,
    usernameEffect: staff ? row.usernameEffect : null,
    profileBackgroundColor: staff ? row.profileBackgroundColor : null,
    profileEffect: row.profileEffect,
    profileTag: row.profileTag,
    profileFrame: row.profileFrame,
    gender: gender(row.gender),
    country: (row.country as CountryPath | null) ?? null,
    isOnline: isOnline && !row.isHidden,
    lastSeen: row.isHidden ? null : (row.lastSeen?.toISOString() ?? null),
    currentRoom: row.isHidden ? null : row.currentRoom,
    bio: row.bio,
    statusText: row.statusText,
  };
}

/** The row as its owner sees it. */
export function toSelfUser(row: UserRow, isOnline: boolean): SelfUser {
  return {
    ...toPublicUser(row, isOnline),
    isOnline,
    lastSeen: row.lastSeen?.toISOString() ?? null,
    currentRoom: row.currentRoom,
    age: row.age,
    isHidden: row.isHidden,
    globalSoundEnabled: row.globalSoundEnabled,
    showSystemMessages: row.showSystemMessages,
    privateMessagesFrom: row.privateMessagesFrom,
  };
}
