import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';

/** An ended session (logout, password change, sanction) loses its sockets, on every node. */
export function announceSessionsEnded(live: Live): void {
  live.on('session.ended', ({ sessionId }) => live.io.in(channel.session(sessionId)).disconnectSockets(true));
}
