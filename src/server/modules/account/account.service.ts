import type { AccountExport } from '../../../shared/api/users';
import type { UploadedFile } from '../../../shared/api/endpoint';
import type { SelfUser } from '../../../shared/entities/user';
import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import { verifyPassword, type SessionsRepo } from '../auth';
import type { PresenceService } from '../presence';
import { toSelfUser, type UsersRepo } from '../users';
import type { AccountDataRepo } from './account-data.repo';
import type { AvatarStore } from './avatars';

/**
 * A part of the export another module adds (friends, notifications…): its name in the JSON and
 * how to read the user's entries.
 */
export type ExportSection = (userId: number) => Promise<unknown[]>;

/**
 * The privacy page's rights over one's own account (access, portability, deletion) and the
 * avatar upload.
 */
export function createAccountService(deps: {
  users: UsersRepo;
  data: AccountDataRepo;
  sessions: SessionsRepo;
  presence: PresenceService;
  avatars: AvatarStore;
  /** The person's uploaded pictures (messages, wall posts): rows cascade, files are removed here. */
  pictures?: { idsOwnedBy(ownerId: number): Promise<string[]>; removeFiles(ids: readonly string[]): Promise<void> };
  bus: DomainEventBus;
  /** Sections other modules add to the export, by name; `friends` is an empty list until one does. */
  exportSections?: () => Record<string, ExportSection>;
}) {
  const { users, data, sessions, presence, avatars, bus } = deps;

  async function find(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return row;
  }

  function ownOnly(actor: Actor, id: number): void {
    if (actor.id !== id) throw new AppError('OWN_ACCOUNT_ONLY', 403);
  }

  return {
    /**
     * A new avatar for the user themself: checked and stored in three sizes, `avatarVersion`
     * bumped; their tabs and everyone else hear of it live. Staff may not put a picture in
     * someone else's profile (STAFF_EDIT_FIELD, as for the profile fields staff may not change).
     */
    async uploadAvatar(actor: Actor, id: number, file: UploadedFile | undefined): Promise<SelfUser> {
      const target = await find(id);
      authorize(actor, 'editProfile', target);
      if (actor.id !== id) throw new AppError('STAFF_EDIT_FIELD', 403, { fields: ['avatar'] });
      if (!file) throw new AppError('IMAGE_INVALID', 400);
      const { hash, url } = await avatars.save(file);
      const row =
        (await users.update(id, { profileImage: url, avatarHash: hash, avatarVersion: target.avatarVersion + 1 })) ??
        target;
      bus.publish('user.changed', { user: row, visibility: 'public', avatarChanged: true });
      return toSelfUser(row, await presence.isOnline(id));
    },

    /** Everything the site holds about the user, as one JSON document (their own only). */
    async exportData(actor: Actor, id: number): Promise<AccountExport> {
      ownOnly(actor, id);
      const row = await find(id);
      const [online, roomMessages, privateMessages, conversations, sessionRows] = await Promise.all([
        presence.isOnline(id),
        data.roomMessagesOf(id),
        data.privateMessagesOf(id),
        data.conversationsOf(id),
        sessions.listLiveOf(id),
      ]);
      const extra: Record<string, unknown[]> = { friends: [] };
      for (const [name, read] of Object.entries(deps.exportSections?.() ?? {})) extra[name] = await read(id);
      const iso = (date: Date) => date.toISOString();
      return {
        exportedAt: new Date().toISOString(),
        profile: toSelfUser(row, online),
        account: { createdAt: iso(row.createdAt), userType: row.userType },
        sessions: sessionRows.map((s) => ({
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          ip: s.ip,
          userAgent: s.userAgent,
        })),
        messages: roomMessages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
        privateMessages: privateMessages.map((m) => ({
          ...m,
          direction: m.senderId === id ? 'sent' : 'received',
          createdAt: iso(m.createdAt),
        })),
        conversations,
        friends: extra.friends ?? [],
        ...extra,
      };
    },

    /**
     * Deletes the user's own account, confirmed by their password (a visitor has none). As the
     * privacy page says, its data leaves our database: the account, its messages, conversations,
     * wall posts, avatar and uploaded pictures. Every session of it ends, on every node; it can never sign in again.
     */
    async deleteAccount(actor: Actor, id: number, password: string | undefined): Promise<void> {
      ownOnly(actor, id);
      const row = await find(id);
      if (row.role === 'owner') throw new AppError('OWNER_CANNOT_DELETE', 403);
      if (row.passwordHash) {
        if (!password) throw new AppError('PASSWORD_REQUIRED', 400);
        if (!(await verifyPassword(password, row.passwordHash))) throw new AppError('PASSWORD_WRONG', 400);
      }
      const sessionIds = (await sessions.listLiveOf(id)).map((s) => s.id);
      const pictures = (await deps.pictures?.idsOwnedBy(id)) ?? [];
      await data.deleteUser(id);
      bus.publish('user.deleted', { userId: id });
      for (const sessionId of sessionIds) bus.publish('session.ended', { sessionId });
      if (row.avatarHash && !(await data.avatarUsedByOthers(row.avatarHash, id))) await avatars.remove(row.avatarHash);
      await deps.pictures?.removeFiles(pictures);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
