import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { CHAT_IMAGES_URL } from '../../../shared/api/uploads';
import type { Db } from '../../db/client';
import { chatImages, messages } from '../../db/schema';
import type { RetentionRule } from '../module';
import { DAY_MS } from '../retention';

/** A picture uploaded and never sent is kept this long (the page may still send it). */
export const UNSENT_IMAGE_KEPT_MS = DAY_MS;

/**
 * Pictures no message holds any more (their messages were deleted by age, or they were uploaded
 * and never sent), once a day old: the row, then both files. Runs after the message rules of the
 * same pass, so a picture goes in the pass that deletes its last message.
 */
export function chatImagesRetention(db: Db, dir: string): RetentionRule {
  return {
    kind: 'chatImages',
    last: true,
    async sweep(now, batchSize) {
      const unreferenced = db
        .select({ id: chatImages.id })
        .from(chatImages)
        .where(
          and(
            lt(chatImages.createdAt, new Date(now.getTime() - UNSENT_IMAGE_KEPT_MS)),
            // A picture another holder claimed (a wall post, a story) goes with its holder, by its module.
            or(isNull(chatImages.usedBy), eq(chatImages.usedBy, 'message')),
            sql`not exists (select 1 from ${messages} where ${messages.messageType} = 'image'
              and ${messages.content} = ${CHAT_IMAGES_URL} || ${chatImages.id} || '.webp')`,
          ),
        )
        .orderBy(asc(chatImages.createdAt))
        .limit(batchSize);
      const gone = await db
        .delete(chatImages)
        .where(inArray(chatImages.id, unreferenced))
        .returning({ id: chatImages.id });
      // Only the node whose delete took the row removes its files (another node's pass deleted none).
      await Promise.all(
        gone.flatMap(({ id }) => [
          rm(path.join(dir, `${id}.webp`), { force: true }),
          rm(path.join(dir, `${id}-t.webp`), { force: true }),
        ]),
      );
      return gone.length;
    },
  };
}
