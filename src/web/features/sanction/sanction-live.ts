import type { SocketErrorPayload } from '../../../shared/realtime/protocol';
import { combine, type Realtime, type Unsubscribe } from '../../realtime';
import type { SessionStore } from '../session/session-store';
import { isSanctionCode, sanctionStore, type SanctionCode, type SanctionSink } from './sanction-store';

/** The `error` event's `action` names of spec §7, for servers that send those rather than a code. */
const SANCTION_ACTIONS: Record<string, SanctionCode> = {
  banned: 'BANNED',
  blocked: 'BLOCKED',
  device_blocked: 'DEVICE_BLOCKED',
};

/** Whether a refused event was a sanction (spec §7 `error` with action banned/blocked/device_blocked). */
export function sanctionOfError(payload: Pick<SocketErrorPayload, 'code' | 'action'>): SanctionCode | null {
  if (isSanctionCode(payload.code)) return payload.code;
  return (payload.action && SANCTION_ACTIONS[payload.action]) || null;
}

/**
 * Spec §4 "Moderation": the overlay (or block notice) shows, the link stops for good and the
 * stored session is cleared, which closes the chat and shows the welcome screen beneath.
 */
export function enforceSanction(realtime: Pick<Realtime, 'halt'>, session: SessionStore, tell: () => void): void {
  realtime.halt();
  tell();
  session.expire();
}

/** Kicks, bans and blocks heard live: the event, a refused event, or a refused reconnect. */
export function registerSanctionLive(
  realtime: Pick<Realtime, 'on' | 'halt'>,
  session: SessionStore,
  sanctions: SanctionSink = sanctionStore,
): Unsubscribe {
  const enforce = (tell: () => void) => enforceSanction(realtime, session, tell);
  return combine([
    realtime.on('kicked', (payload) => enforce(() => sanctions.kicked(payload))),
    realtime.on('blocked', (payload) => enforce(() => sanctions.blocked(payload))),
    realtime.on('error', (payload) => {
      const sanction = sanctionOfError(payload);
      if (sanction) enforce(() => sanctions.refused(sanction, payload.timeLeft));
    }),
    realtime.on('link:refused', ({ code, timeLeft }) => {
      if (isSanctionCode(code)) enforce(() => sanctions.refused(code, timeLeft));
    }),
  ]);
}
