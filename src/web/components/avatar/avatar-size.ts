import { AVATAR_SIZES } from '../../../shared/constants';

export type AvatarSize = keyof typeof AVATAR_SIZES | number;

/** Pixels of an avatar: small 36, medium 56, large 72, or any number (at least 12). */
export function avatarPixels(size: AvatarSize): number {
  return typeof size === 'number' ? Math.max(12, Math.round(size)) : AVATAR_SIZES[size];
}

/** Spec §9: a frame's wrapper is 1.4 times the avatar; a crown is 1.2 times as wide. */
export const FRAME_SCALE = 1.4;
export const TAG_SCALE = 1.2;
/** Crown/tag images are twice as wide as they are tall. */
export const TAG_ASPECT = 2;
