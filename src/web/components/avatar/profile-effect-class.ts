import type { ProfileEffect } from '../../../shared/profile/appearance';

const SPINNING = new Set<ProfileEffect>([
  'aurora',
  'holographic',
  'galaxy',
  'shimmer',
  'prism',
  'rainbow',
  'crystal',
  'butterfly',
  'sparkle',
]);
const FLICKERING = new Set<ProfileEffect>(['neon', 'fire', 'electric', 'lightning']);

/** CSS classes of a profile effect (avatar.css): its colours, and how it moves. */
export function profileEffectClass(effect: ProfileEffect): string {
  const motion = SPINNING.has(effect)
    ? ' profile-effect--spin'
    : FLICKERING.has(effect)
      ? ' profile-effect--flicker'
      : '';
  return `profile-effect profile-effect-${effect}${motion}`;
}
