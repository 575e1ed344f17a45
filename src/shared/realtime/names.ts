/**
 * How socket events and envelope types are named.
 *
 * THE RULE for every new name: lowerCamelCase, the subject first, at least two words.
 * - Client → server: the subject, then what to do (`voiceJoin`, `voiceLeave`).
 * - Server → client events and `message` envelope types: the subject, then what happened, in the
 *   past participle (`reportCreated`, `friendRemoved`, `restrictionsChanged`).
 * A new feature declares its names in its own file here (rooms.ts, voice.ts…); `names.test.ts`
 * checks every name of the registry against this file.
 */

// ---- Names spec §7 fixes: kept exactly as written there, whatever the rule says --------------
// (Pages and clients in the field speak them; renaming one breaks them.)

export const SPEC_CLIENT_EVENTS = [
  'auth',
  'joinRoom',
  'publicMessage',
  'privateTyping',
  'client_ping',
  'going_background',
  'webrtc-offer',
  'webrtc-answer',
  'webrtc-ice-candidate',
  'webrtc-request-offer',
] as const;

export const SPEC_SERVER_EVENTS = [
  'authenticated',
  'client_pong',
  'newNotification',
  'privateMessage',
  'kicked',
  'blocked',
  'error',
  'roomUpdate',
  'chatLockUpdated',
  'micRequested',
  'micApproved',
  'micRejected',
  'speakerRemoved',
  'webrtc-offer',
  'webrtc-answer',
  'webrtc-ice-candidate',
  'webrtc-request-offer',
  'message',
] as const;

/** Spec §7's envelope types (those it lists that we do not send are listed too, so none is reused). */
export const SPEC_ENVELOPE_TYPES = [
  'conversationRead',
  'notificationRead',
  'notificationsCleared',
  'systemNotification',
  'profileEffectChanged',
  'usernameColorChanged',
  'usernameGradientChanged',
  'usernameEffectChanged',
  'user_background_updated',
  'userAvatarUpdated',
  'selfAvatarUpdated',
  'userUpdated',
  'typing',
  'newMessage',
  'reactionUpdated',
  'messageDeleted',
  'roomMessages',
  'resumeMessages',
  'onlineUsers',
  'roomJoined',
  'userDisconnected',
  'userConnected',
  'kicked',
  'blocked',
  'moderationAction',
  'error',
  'warning',
  'friendRequestReceived',
  'friendRequestAccepted',
  'friendAdded',
  'site_theme_update',
] as const;

// ---- Names from before the rule, kept (clients use them) ---------------------------------------

/** `typing` (client → server) and `privateTyping` (server → client) mirror the spec's names. */
export const EARLIER_NAMES = ['typing', 'privateTyping', 'friendPresence'] as const;

const WORDS = /^[a-z]+(?:[A-Z][a-z]+)+$/;

/** Whether a name the spec does not fix follows the rule (`direction`: who sends it). */
export function followsNamingRule(name: string, direction: 'client' | 'server'): boolean {
  if (!WORDS.test(name)) return false;
  return direction === 'client' || /ed$/.test(name);
}
