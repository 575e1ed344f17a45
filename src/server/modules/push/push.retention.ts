import { asc, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { RetentionRule } from '../module';

/** A subscription unused this long (nothing delivered, not renewed by a visit) goes. */
export const PUSH_SUBSCRIPTION_UNUSED_DAYS = 90;

export function pushSubscriptionsRetention(db: Db): RetentionRule {
  return {
    kind: 'pushSubscriptions',
    async sweep(now, batchSize) {
      const cutoff = new Date(now.getTime() - PUSH_SUBSCRIPTION_UNUSED_DAYS * 86_400_000);
      const oldest = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(lt(pushSubscriptions.lastUsedAt, cutoff))
        .orderBy(asc(pushSubscriptions.lastUsedAt))
        .limit(batchSize);
      const gone = await db
        .delete(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, oldest))
        .returning({ id: pushSubscriptions.id });
      return gone.length;
    },
  };
}
