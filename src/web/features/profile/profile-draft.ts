import type { UserSettingsInput } from '../../../shared/api/users';
import type { PrivateMessagesFrom, SelfUser } from '../../../shared/entities/user';
import {
  mayUseStaffStyles,
  normalizeGradient,
  normalizeHexColor,
  normalizeProfileBackground,
} from '../../../shared/entities/profile-style';
import { parseFrameNumber, parseTagNumber } from '../../../shared/profile/decoration-number';
import { isTagImage } from '../../../shared/profile/tag-image';

/** What the editor's fields hold: plain values, '' for none. */
export interface ProfileDraft {
  displayName: string;
  usernameColor: string;
  /** Staff: the name gradient as two colours and an angle ('' colours: no gradient). */
  gradientFrom: string;
  gradientTo: string;
  gradientAngle: number;
  /** The stored gradient, kept as it is until the colours or angle are touched (then null). */
  gradientSource: string | null;
  usernameEffect: string;
  profileEffect: string;
  /** Staff: the background colour (stored as a 135° gradient of it) or a gradient kept as it was. */
  background: string;
  /** The stored background, kept as it is until the colour is touched (then null). */
  backgroundSource: string | null;
  frame: number;
  tag: number;
  /** One's own picture as the tag (a data URL or site path); wins over `tag` when set. */
  tagImage: string | null;
  gender: string;
  bio: string;
  statusText: string;
  isHidden: boolean;
  globalSoundEnabled: boolean;
  showSystemMessages: boolean;
  privateMessagesFrom: PrivateMessagesFrom;
}

const GRADIENT_PARTS = /^linear-gradient\((\d{1,3})deg, (#[0-9a-f]{6})[^,]*, (#[0-9a-f]{6})/i;

/** The editor's starting point: the user's record as fields. */
export function draftOf(user: SelfUser): ProfileDraft {
  const gradient = GRADIENT_PARTS.exec(user.usernameGradient ?? '');
  const background = GRADIENT_PARTS.exec(user.profileBackgroundColor ?? '');
  return {
    displayName: user.displayName ?? '',
    usernameColor: user.usernameColor ?? '',
    gradientFrom: gradient?.[2] ?? '',
    gradientTo: gradient?.[3] ?? '',
    gradientAngle: gradient ? Number(gradient[1]) : 90,
    gradientSource: user.usernameGradient,
    usernameEffect: user.usernameEffect ?? '',
    profileEffect: user.profileEffect ?? '',
    background: background?.[2] ?? '',
    backgroundSource: user.profileBackgroundColor,
    frame: parseFrameNumber(user.profileFrame) ?? 0,
    tag: user.profileTag && !isTagImage(user.profileTag) ? (parseTagNumber(user.profileTag) ?? 0) : 0,
    tagImage: isTagImage(user.profileTag) ? user.profileTag : null,
    gender: user.gender ?? '',
    bio: user.bio ?? '',
    statusText: user.statusText ?? '',
    isHidden: user.isHidden,
    globalSoundEnabled: user.globalSoundEnabled,
    showSystemMessages: user.showSystemMessages,
    privateMessagesFrom: user.privateMessagesFrom,
  };
}

/** The gradient the two colours and angle make, or null. */
export function draftGradient(draft: ProfileDraft): string | null {
  if (draft.gradientSource !== null) return draft.gradientSource;
  const from = normalizeHexColor(draft.gradientFrom);
  const to = normalizeHexColor(draft.gradientTo);
  if (!from || !to) return null;
  return normalizeGradient(`linear-gradient(${draft.gradientAngle}deg, ${from}, ${to})`);
}

/** The background the colour makes (a 135° gradient of it), or null. */
export function draftBackground(draft: ProfileDraft): string | null {
  if (draft.backgroundSource !== null) return draft.backgroundSource;
  return draft.background ? normalizeProfileBackground(draft.background) : null;
}

/**
 * The record as it would be after saving, for the live preview. Staff-only styles are applied
 * only when the user may wear them, as every other screen will show them.
 */
export function previewOf(user: SelfUser, draft: ProfileDraft): SelfUser {
  const staff = mayUseStaffStyles(user.role);
  const text = (value: string) => value.trim() || null;
  return {
    ...user,
    displayName: text(draft.displayName),
    usernameColor: normalizeHexColor(draft.usernameColor),
    usernameGradient: staff ? draftGradient(draft) : null,
    usernameEffect: staff ? text(draft.usernameEffect) : null,
    profileBackgroundColor: staff ? draftBackground(draft) : null,
    profileEffect: text(draft.profileEffect),
    profileFrame: draft.frame > 0 ? `frame${draft.frame}` : null,
    profileTag: draft.tagImage ?? (draft.tag > 0 ? `tag${draft.tag}` : null),
    bio: text(draft.bio),
    statusText: text(draft.statusText),
  };
}

/**
 * Only what changed, in the shape `PUT /api/users/:id` takes. Fields the user's rank does not
 * allow are never sent (the server would refuse them anyway).
 */
export function changesOf(user: SelfUser, draft: ProfileDraft): UserSettingsInput {
  const staff = mayUseStaffStyles(user.role);
  const next = previewOf(user, draft);
  const body: Record<string, unknown> = {};
  const fields = [
    'displayName',
    'usernameColor',
    'profileEffect',
    'profileFrame',
    'profileTag',
    'bio',
    'statusText',
    ...(staff ? (['usernameGradient', 'usernameEffect', 'profileBackgroundColor'] as const) : []),
  ] as const;
  for (const field of fields) if ((next[field] ?? null) !== (user[field] ?? null)) body[field] = next[field] ?? null;
  const gender = draft.gender || null;
  if (gender !== user.gender) body.gender = gender;
  for (const field of ['globalSoundEnabled', 'showSystemMessages', 'privateMessagesFrom'] as const)
    if (draft[field] !== user[field]) body[field] = draft[field];
  if (staff && draft.isHidden !== user.isHidden) body.isHidden = draft.isHidden;
  return body as UserSettingsInput;
}
