import { can, type Actor, type TargetUser } from '../../../shared/policy';

/** What the person card offers under moderation: on the message it was opened from, then on the person. */
export type CardAction =
  | 'kick'
  | 'mute'
  | 'ban'
  | 'block'
  | 'unmute'
  | 'report'
  | 'deleteMessage'
  | 'reportMessage'
  | 'makeModerator'
  | 'makeMember';

/**
 * What the viewer may do from a card, asked from the policy (the server asks the same rules and
 * refuses anyway). On a message: its actions first, then those on its sender. `muted` is whether
 * the person is muted now (null: not known yet): lifting a mute is offered only when there is one.
 * `isMember`: whether the person has an account (visitors get no role); roles are offered to
 * those the policy lets hand them out: «make moderator» to a member, back to member for staff.
 */
export function cardActions(
  me: Actor,
  target: TargetUser,
  withMessage: boolean,
  muted: boolean | null = null,
  isMember = true,
): CardAction[] {
  const actions: CardAction[] = [];
  if (withMessage) {
    if (can(me, 'deleteMessage', target)) actions.push('deleteMessage');
    if (can(me, 'report', target)) actions.push('reportMessage');
  }
  if (can(me, 'kick', target)) actions.push('kick');
  if (can(me, 'mute', target)) actions.push('mute');
  if (muted !== false && can(me, 'liftSanction', 'mute', target)) actions.push('unmute');
  if (can(me, 'ban', target)) actions.push('ban');
  if (can(me, 'block', target)) actions.push('block');
  const roleTarget = { ...target, isMember };
  if (target.role === 'member' && can(me, 'setRole', roleTarget, 'moderator')) actions.push('makeModerator');
  if ((target.role === 'moderator' || target.role === 'admin') && can(me, 'setRole', roleTarget, 'member'))
    actions.push('makeMember');
  if (can(me, 'report', target)) actions.push('report');
  return actions;
}
