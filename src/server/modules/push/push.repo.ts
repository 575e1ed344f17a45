import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PushSettings } from '../../../shared/api/push';
import type { Db } from '../../db/client';
import { pushSettings, pushSubscriptions, users } from '../../db/schema';

const DEFAULT_SETTINGS: PushSettings = { enabled: true, preview: false };

export function createPushRepo(db: Db) {
  return {
    async settings(userId: number): Promise<PushSettings> {
      const [row] = await db
        .select({ enabled: pushSettings.enabled, preview: pushSettings.preview })
        .from(pushSettings)
        .where(eq(pushSettings.userId, userId));
      return row ?? DEFAULT_SETTINGS;
    },

    async setSettings(userId: number, patch: Partial<PushSettings>): Promise<PushSettings> {
      const [row] = await db
        .insert(pushSettings)
        .values({ userId, ...DEFAULT_SETTINGS, ...patch })
        .onConflictDoUpdate({ target: pushSettings.userId, set: patch })
        .returning({ enabled: pushSettings.enabled, preview: pushSettings.preview });
      return row!;
    },

    async deviceCount(userId: number, exceptEndpoint?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(
          exceptEndpoint
            ? and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, exceptEndpoint))
            : eq(pushSubscriptions.userId, userId),
        );
      return row?.n ?? 0;
    },

    /** Stores a subscription; the same endpoint again (another person on that browser) is replaced. */
    async subscribe(input: {
      userId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      at: Date;
    }): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ ...input, createdAt: input.at, lastUsedAt: input.at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth, lastUsedAt: input.at },
        });
    },

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /**
     * The subscriptions of those of `userIds` who have push on, with their preview setting: one
     * query for a whole batch of events.
     */
    async targets(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          preview: sql<boolean>`coalesce(${pushSettings.preview}, false)`,
        })
        .from(pushSubscriptions)
        .leftJoin(pushSettings, eq(pushSettings.userId, pushSubscriptions.userId))
        .where(and(inArray(pushSubscriptions.userId, userIds), sql`coalesce(${pushSettings.enabled}, true)`));
    },

    async remove(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    async touch(ids: number[], at: Date): Promise<void> {
      if (ids.length)
        await db.update(pushSubscriptions).set({ lastUsedAt: at }).where(inArray(pushSubscriptions.id, ids));
    },

    /** The ids of the people these folded names belong to (mentions). */
    async idsByKeys(keys: string[]): Promise<number[]> {
      if (keys.length === 0) return [];
      const rows = await db.select({ id: users.id }).from(users).where(inArray(users.usernameKey, keys));
      return rows.map((row) => row.id);
    },

    /** The data export: the person's devices (where, since when; not their keys) and settings. */
    async exportRows(userId: number) {
      const devices = await db
        .select({
          endpoint: pushSubscriptions.endpoint,
          createdAt: pushSubscriptions.createdAt,
          lastUsedAt: pushSubscriptions.lastUsedAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      const settings = await this.settings(userId);
      return [{ settings, devices }];
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;
