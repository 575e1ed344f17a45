import { publicUserSchema, selfUserSchema } from '../../../shared/entities/user';
import type { ClientPayload } from '../../../shared/realtime/protocol';
import { combine, type Realtime, type Unsubscribe } from '../../realtime';
import type { SessionStore } from './session-store';

/** The `auth` payload after a connect: the stored record; `reconnect` when this page was live before. */
export function authPayload(session: SessionStore, reconnect: boolean): ClientPayload<'auth'> | null {
  const record = session.getState().record;
  if (!record) return null;
  return {
    userId: record.userId,
    username: record.username,
    userType: record.userType,
    reconnect,
    reconnectAttempt: 0,
    timestamp: Date.now(),
  };
}

/** Our own record changed (role, settings): the full record if sent, else its public part. */
function updateSelf(session: SessionStore, incoming: unknown): void {
  const full = selfUserSchema.safeParse(incoming);
  if (full.success) {
    session.updateUser(full.data);
    return;
  }
  const current = session.getState().user;
  const profile = publicUserSchema.safeParse(incoming);
  if (current && profile.success) session.updateUser({ ...current, ...profile.data });
}

/**
 * The session follows the live side: the record `authenticated` confirms, our own `userUpdated`,
 * and a connection refused for a dead session (back to the welcome screen).
 */
export function registerSessionLive(realtime: Pick<Realtime, 'on'>, session: SessionStore): Unsubscribe {
  return combine([
    realtime.on('authenticated', ({ user }) => session.updateUser(user)),
    realtime.on('userUpdated', ({ user }) => {
      if (user.id === session.getState().record?.userId) updateSelf(session, user);
    }),
    realtime.on('link:refused', ({ code }) => {
      if (code === 'UNAUTHORIZED') session.expire();
    }),
  ]);
}
