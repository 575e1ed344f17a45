import type { Notification, NotificationType } from '../../../shared/api/notifications';
import { usernameKey } from '../../../shared/entities/user';
import { mentionedNames } from '../../../shared/text/mentions';
import type { Clock } from '../../clock';
import type { NotificationRow, UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { IgnoreService } from '../ignore';
import type { PresenceService } from '../presence';
import { toPublicUser } from '../users';
import type { UsersRepo } from '../users';
import type { NotificationsRepo } from './notifications.repo';
import { NOTIFICATION_TEXTS } from './texts';

/** A grouped entry's words follow its count ("5 رسائل خاصة من علي"). */
function wording(row: NotificationRow, actor: UserRow | null): string {
  if (!actor || row.count <= 1) return row.text;
  if (row.type === 'message') return NOTIFICATION_TEXTS.message(actor, row.count);
  if (row.type === 'mention') return NOTIFICATION_TEXTS.mention(actor, row.count);
  if (row.type === 'wallComment') return NOTIFICATION_TEXTS.wallComment(actor, row.count);
  if (row.type === 'wallReaction') return NOTIFICATION_TEXTS.wallReaction(actor, row.count);
  return row.text;
}

/** How many notifications the panel lists. */
const LISTED = 50;
export function createNotificationsService(deps: {
  repo: NotificationsRepo;
  users: Pick<UsersRepo, 'findById'>;
  ignore: Pick<IgnoreService, 'ignores'>;
  presence: PresenceService;
  bus: DomainEventBus;
  clock: Clock;
}) {
  const { repo, users, ignore, presence, bus, clock } = deps;

  async function present(row: NotificationRow, actor: UserRow | null, online?: Set<number>): Promise<Notification> {
    const isOnline = actor ? (online ? online.has(actor.id) : await presence.isOnline(actor.id)) : false;
    return {
      id: row.id,
      type: row.type,
      isRead: row.isRead,
      text: wording(row, actor),
      actor: actor ? toPublicUser(actor, isOnline) : null,
      count: row.count,
      data: row.data,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function announceRead(userId: number, ids: number[], all: boolean): Promise<void> {
    if (ids.length === 0) return;
    const unreadCount = await repo.unreadCount(userId);
    if (all) bus.publish('notification.read', { userId, id: null, unreadCount });
    else for (const id of ids) bus.publish('notification.read', { userId, id, unreadCount });
  }

  return {
    /**
     * Notifies `userId` (never of their own doing, never of someone they ignore): stored, grouped
     * when `groupKey` matches an unread one, and sent to their every tab.
     */
    async notify(input: {
      userId: number;
      type: NotificationType;
      actor: UserRow | null;
      text: string;
      data?: NotificationRow['data'];
      groupKey?: string;
      /** The caller already knows the recipient does not ignore the actor (a delivered private message). */
      notIgnored?: boolean;
    }): Promise<void> {
      const { userId, actor } = input;
      if (actor && actor.id === userId) return;
      if (actor && !input.notIgnored && (await ignore.ignores(userId, actor.id))) return;
      const row = await repo.add(
        {
          userId,
          type: input.type,
          actorId: actor?.id ?? null,
          data: input.data ?? {},
          groupKey: input.groupKey ?? null,
          at: new Date(clock.now()),
        },
        input.text,
      );
      const [notification, unreadCount] = await Promise.all([present(row, actor), repo.unreadCount(userId)]);
      bus.publish('notification.created', { userId, notification, unreadCount });
    },

    /** The people a room message mentions (by name), but not its sender. */
    async mentioned(content: string, senderId: number): Promise<UserRow[]> {
      const keys = [...new Set(mentionedNames(content).map(usernameKey))];
      return (await repo.usersByKeys(keys)).filter((row) => row.id !== senderId);
    },

    findUser: (id: number) => users.findById(id),

    async list(userId: number): Promise<Notification[]> {
      const rows = await repo.list(userId, LISTED);
      const online = await presence.onlineUserIds(rows.flatMap((r) => (r.actor ? [r.actor.id] : [])));
      return Promise.all(rows.map((r) => present(r.row, r.actor, online)));
    },

    unreadCount: (userId: number) => repo.unreadCount(userId),

    async markRead(userId: number, id: number): Promise<void> {
      if (!(await repo.exists(userId, id))) throw new AppError('NOT_FOUND', 404);
      await announceRead(userId, await repo.markRead(userId, id), false);
    },

    async markAllRead(userId: number): Promise<void> {
      await announceRead(userId, await repo.markRead(userId, null), true);
    },

    /** The conversation with `otherId` was read: its message notifications are read too. */
    async conversationRead(userId: number, otherId: number): Promise<void> {
      await announceRead(userId, await repo.markGroupRead(userId, `pm:${otherId}`), false);
    },

    /** What a notification was about is settled (a request answered or withdrawn): it is read. */
    async groupRead(userId: number, groupKey: string): Promise<void> {
      await announceRead(userId, await repo.markGroupRead(userId, groupKey), false);
    },

    /** What a notification was about is gone (a request withdrawn or declined): it is deleted. */
    async groupWithdrawn(userId: number, groupKey: string): Promise<void> {
      // Tabs hear it as read (the badge drops); the panel no longer lists it from its next load.
      await announceRead(userId, await repo.deleteGroup(userId, groupKey), false);
    },

    async clear(userId: number): Promise<void> {
      await repo.clear(userId);
      bus.publish('notifications.cleared', { userId });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
