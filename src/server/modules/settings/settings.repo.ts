import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

export type SettingKey = 'siteTheme';

export function createSettingsRepo(db: Db) {
  return {
    async get(key: SettingKey): Promise<string | null> {
      const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
      return row?.value ?? null;
    },

    async set(key: SettingKey, value: string, updatedBy: number): Promise<void> {
      await db
        .insert(siteSettings)
        .values({ key, value, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
