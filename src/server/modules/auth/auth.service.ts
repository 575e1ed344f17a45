import { legacyUsernameKey, usernameKey } from '../../../shared/entities/username-key';
import type { GuestInput, LoginInput, RegisterInput } from '../../../shared/api/auth';
import { SESSION } from '../../../shared/constants';
import type { SessionRow, UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { PresenceService } from '../presence';
import type { UsersRepo } from '../users';
import type { LoginBackoff } from './login-backoff';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { newSessionToken, sessionIdOf } from './session-token';
import type { SessionsRepo } from './sessions.repo';

/** A guest who just entered holds their name this long even before their socket connects. */
const NEW_GUEST_HOLD_MS = 30_000;

export interface ClientContext {
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The session the request already carries, if any. */
  current: { session: SessionRow; user: UserRow } | null;
}

export interface SignedIn {
  user: UserRow;
  /** Set when a new session was opened: the value for the cookie. */
  token: string | null;
  ttlMs: number;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createAuthService(deps: {
  users: UsersRepo;
  sessions: SessionsRepo;
  presence: PresenceService;
  bus: DomainEventBus;
  /** Throws the Arabic refusal (with the time left) when the account, device or address is barred. */
  mayEnter: (subject: { userId: number | null; deviceId: string | null; address: string | null }) => Promise<unknown>;
  /** Refuses a name holding a word of the word filter (NAME_BLOCKED_WORD). */
  screenName: (name: string) => Promise<void>;
  /** The per-account wait after wrong passwords (shared by every node). */
  backoff: LoginBackoff;
}) {
  const { users, sessions, presence } = deps;
  /** Nobody kicked, banned or blocked (account, device or address) gets a session. */
  const mayEnter = (ctx: ClientContext, userId: number | null) =>
    deps.mayEnter({ userId, deviceId: ctx.deviceId, address: ctx.ip });

  async function openSession(user: UserRow, ctx: ClientContext): Promise<SignedIn> {
    if (ctx.current) await sessions.delete(ctx.current.session.id);
    const token = newSessionToken();
    const ttlMs = user.userType === 'guest' ? SESSION.guestTtlMs : SESSION.memberTtlMs;
    await sessions.insert({
      id: sessionIdOf(token),
      userId: user.id,
      deviceId: ctx.deviceId,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return { user, token, ttlMs };
  }

  /**
   * A name is free for `self` unless a member owns it or another user holds it right now (online,
   * or a guest who took it moments ago and has not connected yet). One query for both holders.
   */
  async function assertNameFree(key: string, self: UserRow | null): Promise<void> {
    const holders = await users.findNameHolders(key, new Date(Date.now() - NEW_GUEST_HOLD_MS));
    const member = holders.find((holder) => holder.userType !== 'guest');
    if (member && member.id !== self?.id) throw new AppError('USERNAME_MEMBER_TAKEN', 409);
    if (self && self.usernameKey === key) return;
    if (await presence.isUsernameOnline(key)) throw new AppError('USERNAME_ONLINE_TAKEN', 409);
    if (holders.some((holder) => holder.userType === 'guest' && holder.id !== self?.id))
      throw new AppError('USERNAME_ONLINE_TAKEN', 409);
  }

  return {
    /** Enter without registering. The same guest re-entering with their own name keeps their account. */
    async enterAsGuest(input: GuestInput, ctx: ClientContext): Promise<SignedIn> {
      await mayEnter(ctx, ctx.current?.user.id ?? null);
      await deps.screenName(input.username);
      const key = usernameKey(input.username);
      const self = ctx.current?.user.userType === 'guest' ? ctx.current.user : null;
      await assertNameFree(key, self);
      const profile = { gender: input.gender ?? null, age: input.age ?? null, country: input.country ?? null };
      if (self && self.usernameKey === key) {
        const user = (await users.update(self.id, { username: input.username, ...profile })) ?? self;
        return { user, token: null, ttlMs: SESSION.guestTtlMs };
      }
      // A new guest and their session in one statement.
      if (ctx.current) await sessions.delete(ctx.current.session.id);
      const token = newSessionToken();
      const user = await users.insertWithSession(
        { username: input.username, usernameKey: key, userType: 'guest', role: 'guest', ...profile },
        {
          id: sessionIdOf(token),
          deviceId: ctx.deviceId,
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 512) ?? null,
          expiresAt: new Date(Date.now() + SESSION.guestTtlMs),
        },
      );
      return { user, token, ttlMs: SESSION.guestTtlMs };
    },

    async register(input: RegisterInput, ctx: ClientContext): Promise<SignedIn> {
      await mayEnter(ctx, ctx.current?.user.id ?? null);
      await deps.screenName(input.username);
      const key = usernameKey(input.username);
      if (await users.findMemberByKey(key)) throw new AppError('USERNAME_TAKEN', 409);
      const self = ctx.current?.user ?? null;
      await assertNameFree(key, self);
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await users.insert({
          username: input.username,
          usernameKey: key,
          passwordHash,
          userType: 'member',
          role: 'member',
          gender: input.gender ?? null,
          age: input.age ?? null,
          country: input.country ?? null,
        });
        return await openSession(user, ctx);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN', 409);
        throw error;
      }
    },

    async login(input: LoginInput, ctx: ClientContext): Promise<SignedIn> {
      // A member whose new key was already taken kept their version-1 key: the exact spelling
      // (any letter case) still reaches them, tried before the look-alike holder of the new key.
      const key = usernameKey(input.username);
      const legacy = legacyUsernameKey(input.username);
      await deps.backoff.check(key);
      const found = await users.findMembersByKeys(key === legacy ? [key] : [key, legacy]);
      const candidates = found
        .filter((user) => user.passwordHash)
        .sort((a, b) => Number(b.usernameKey === legacy) - Number(a.usernameKey === legacy));
      // Unknown names cost one hash too, so timing does not tell which names exist.
      if (candidates.length === 0) await verifyPassword(input.password, await dummyPasswordHash());
      for (const user of candidates) {
        if (await verifyPassword(input.password, user.passwordHash!)) {
          await deps.backoff.succeeded(key);
          await mayEnter(ctx, user.id);
          return openSession(user, ctx);
        }
      }
      await deps.backoff.failed(key);
      throw new AppError('INVALID_CREDENTIALS', 401);
    },

    /** Ends the session; its sockets, on every node, are closed. */
    async logout(sessionId: string): Promise<void> {
      await sessions.delete(sessionId);
      deps.bus.publish('session.ended', { sessionId });
    },

    /** The live session behind a cookie token, with its user. */
    async resolve(token: string): Promise<{ session: SessionRow; user: UserRow } | null> {
      return (await sessions.findLive(sessionIdOf(token))) ?? null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
