import { createHash } from 'node:crypto';
import { SESSION } from '../../../shared/constants';
import type { SessionInfo } from '../../../shared/api/auth';
import type { SessionRow, UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { UsersRepo } from '../users';
import { hashPassword, verifyPassword } from './password';
import type { CurrentSession } from './request-session';
import type { SessionsRepo } from './sessions.repo';

/** What the user is shown to tell their sessions apart and end one: not the session's key. */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(`handle:${sessionId}`).digest('base64url').slice(0, 22);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A signed-in person's own credentials: a visitor becoming a member, changing the password,
 * seeing and ending their sessions. Ended sessions lose their sockets on every node.
 */
export function createCredentialsService(deps: { users: UsersRepo; sessions: SessionsRepo; bus: DomainEventBus }) {
  const { users, sessions, bus } = deps;

  function endSessions(ids: string[]): void {
    for (const sessionId of ids) bus.publish('session.ended', { sessionId });
  }

  return {
    /**
     * A visitor becomes a member: same row, so the id, name, messages, conversations (and
     * friends) stay theirs. Their name must not be a member's already (a look-alike registered
     * meanwhile). The session now lasts as long as a member's.
     */
    async upgrade(current: CurrentSession, password: string): Promise<{ user: UserRow; ttlMs: number }> {
      const { user, session } = current;
      if (user.userType !== 'guest') throw new AppError('ALREADY_MEMBER', 409);
      const owner = await users.findMemberByKey(user.usernameKey);
      if (owner && owner.id !== user.id) throw new AppError('USERNAME_TAKEN', 409);
      const passwordHash = await hashPassword(password);
      let row: UserRow | undefined;
      try {
        row = await users.update(user.id, { passwordHash, userType: 'member', role: 'member' });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN', 409);
        throw error;
      }
      if (!row) throw new AppError('UNAUTHORIZED', 401);
      const ttlMs = SESSION.memberTtlMs;
      await sessions.setExpiry(session.id, new Date(Date.now() + ttlMs));
      bus.publish('user.changed', { user: row, visibility: 'public' });
      return { user: row, ttlMs };
    },

    /** The current password must be right; every other session is signed out. */
    async changePassword(current: CurrentSession, currentPassword: string, newPassword: string): Promise<void> {
      const { user, session } = current;
      if (!user.passwordHash) throw new AppError('GUEST_ONLY', 403);
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new AppError('PASSWORD_WRONG', 400);
      if (currentPassword === newPassword) throw new AppError('PASSWORD_SAME', 400);
      await users.update(user.id, { passwordHash: await hashPassword(newPassword) });
      endSessions(await sessions.deleteOthersOf(user.id, session.id));
    },

    async list(current: CurrentSession): Promise<SessionInfo[]> {
      const rows = await sessions.listLiveOf(current.user.id);
      return rows.map((row: SessionRow) => ({
        id: sessionHandle(row.id),
        current: row.id === current.session.id,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },

    /** Ends one of the user's own sessions (only theirs can be found by its handle). */
    async end(current: CurrentSession, handle: string): Promise<{ wasCurrent: boolean }> {
      const rows = await sessions.listLiveOf(current.user.id);
      const found = rows.find((row) => sessionHandle(row.id) === handle);
      if (!found) throw new AppError('SESSION_NOT_FOUND', 404);
      await sessions.delete(found.id);
      endSessions([found.id]);
      return { wasCurrent: found.id === current.session.id };
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
