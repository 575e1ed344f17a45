import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/api/notifications';
import type { Db } from '../../db/client';
import { notifications, users, type NotificationRow, type UserRow } from '../../db/schema';

export interface NewNotification {
  userId: number;
  type: NotificationType;
  actorId: number | null;
  data: NotificationRow['data'];
  /** Unread notifications with the same key become one entry (its count grows). */
  groupKey: string | null;
  at: Date;
}

export interface NotificationWithActor {
  row: NotificationRow;
  actor: UserRow | null;
}

/** How many notifications a person keeps; older ones are dropped as new ones come. */
const KEPT = 100;

export function createNotificationsRepo(db: Db) {
  return {
    /**
     * Stores a notification, or grows the unread one of the same group (moved to now): one
     * statement either way (the panel words a grown entry from its count).
     */
    async add(values: NewNotification, text: string): Promise<NotificationRow> {
      if (values.groupKey) {
        const [grown] = await db
          .update(notifications)
          .set({ count: sql`${notifications.count} + 1`, createdAt: values.at, data: values.data })
          .where(
            and(
              eq(notifications.userId, values.userId),
              eq(notifications.groupKey, values.groupKey),
              eq(notifications.isRead, false),
            ),
          )
          .returning();
        if (grown) return grown;
      }
      const [row] = await db
        .insert(notifications)
        .values({
          userId: values.userId,
          type: values.type,
          actorId: values.actorId,
          data: values.data,
          groupKey: values.groupKey,
          text,
          createdAt: values.at,
        })
        .returning();
      // Keep the newest KEPT, checked now and then rather than on every insert.
      if (row!.id % 10 === 0)
        await db.execute(
          sql`delete from ${notifications} where ${notifications.userId} = ${values.userId} and ${notifications.id} <= (
            select ${notifications.id} from ${notifications} where ${notifications.userId} = ${values.userId}
            order by ${notifications.id} desc offset ${KEPT} limit 1)`,
        );
      return row!;
    },

    async list(userId: number, limit: number): Promise<NotificationWithActor[]> {
      return db
        .select({ row: notifications, actor: users })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
      return Number(row?.n ?? 0);
    },

    /** Marks one (or, with null, every) unread notification read; the ids that changed. */
    async markRead(userId: number, id: number | null): Promise<number[]> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.isRead, false),
            id === null ? undefined : eq(notifications.id, id),
          ),
        )
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    async exists(userId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .limit(1);
      return Boolean(row);
    },

    /** Deletes a group's notifications (what they were about is gone); the ids deleted. */
    async deleteGroup(userId: number, groupKey: string): Promise<number[]> {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey)))
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    /** Marks the unread notifications of a group read (a conversation was opened). */
    async markGroupRead(userId: number, groupKey: string): Promise<number[]> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), eq(notifications.isRead, false)),
        )
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    async clear(userId: number): Promise<void> {
      await db.delete(notifications).where(eq(notifications.userId, userId));
    },

    /** Users by the keys of the names a message mentions; the most recently seen per name. */
    async usersByKeys(keys: string[]): Promise<UserRow[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .select()
        .from(users)
        .where(inArray(users.usernameKey, keys))
        .orderBy(desc(sql`coalesce(${users.lastSeen}, ${users.createdAt})`));
      const seen = new Set<string>();
      return rows.filter((row) => !seen.has(row.usernameKey) && seen.add(row.usernameKey));
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
