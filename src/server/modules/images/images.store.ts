import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { UploadedFile } from '../../../shared/api/endpoint';
import {
  CHAT_IMAGE_UPLOAD_WINDOW_MS,
  CHAT_IMAGE_UPLOADS_PER_WINDOW,
  chatImageIdOf,
  chatImageThumbUrl,
  chatImageUrl,
  isLegacyImageContent,
  type UploadedImage,
} from '../../../shared/api/uploads';
import type { Attachment, MessageType } from '../../../shared/entities/message';
import type { Db } from '../../db/client';
import { chatImages, type ChatImageRow } from '../../db/schema';
import { AppError } from '../../errors';
import { encodeChatImage, fileFromDataUrl } from './images';

/** Written whole, then renamed: a reader never sees half a file. */
async function writeWhole(target: string, data: Buffer): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

function describe(row: ChatImageRow): UploadedImage {
  return {
    id: row.id,
    url: chatImageUrl(row.id),
    thumbnailUrl: chatImageThumbUrl(row.id),
    width: row.width,
    height: row.height,
  };
}

/** What a message to be stored holds once its picture (if any) is resolved. */
export interface ResolvedContent {
  content: string;
  messageType: 'text' | 'image';
  attachments: Attachment[];
}

/**
 * Pictures for messages: stored under `dir` as `<id>.webp` and `<id>-t.webp` (random ids, never
 * the uploaded name), with a row naming the uploader and the size. Several nodes must share the
 * folder (a shared volume), as they share the database.
 */
export function createChatImageStore(deps: { db: Db; dir: string; now: () => number }) {
  const { db, dir } = deps;

  /** At most 30 pictures per person in 10 minutes (a legacy data-image message counts as one). */
  async function withinAllowance(ownerId: number): Promise<void> {
    const since = new Date(deps.now() - CHAT_IMAGE_UPLOAD_WINDOW_MS);
    const [row] = await db
      .select({ n: count() })
      .from(chatImages)
      .where(and(eq(chatImages.ownerId, ownerId), gt(chatImages.createdAt, since)));
    if ((row?.n ?? 0) >= CHAT_IMAGE_UPLOADS_PER_WINDOW) throw new AppError('IMAGE_UPLOAD_RATE_LIMITED', 429);
  }

  async function save(ownerId: number, file: UploadedFile): Promise<UploadedImage> {
    await withinAllowance(ownerId);
    const encoded = await encodeChatImage(file);
    const id = randomBytes(16).toString('hex');
    await mkdir(dir, { recursive: true });
    await writeWhole(path.join(dir, `${id}-t.webp`), encoded.thumbnail);
    await writeWhole(path.join(dir, `${id}.webp`), encoded.full);
    const [row] = await db
      .insert(chatImages)
      .values({
        id,
        ownerId,
        width: encoded.width,
        height: encoded.height,
        bytes: encoded.full.length + encoded.thumbnail.length,
        createdAt: new Date(deps.now()),
      })
      .returning();
    return describe(row!);
  }

  function attachmentOf(image: UploadedImage): Attachment {
    return {
      url: image.url,
      type: 'image',
      thumbnailUrl: image.thumbnailUrl,
      width: image.width,
      height: image.height,
    };
  }

  return {
    dir,
    save,

    /**
     * Takes an uploaded picture for one holder (`use`, e.g. 'wall'): it must be `ownerId`'s and
     * unused (not in a message, not held by anything else). Atomic: of two claims at once, one wins.
     */
    async claim(ownerId: number, id: string, use: string): Promise<UploadedImage> {
      const [row] = await db.select().from(chatImages).where(eq(chatImages.id, id)).limit(1);
      if (!row) throw new AppError('IMAGE_NOT_FOUND', 400);
      if (row.ownerId !== ownerId) throw new AppError('IMAGE_NOT_YOURS', 403);
      const [claimed] = await db
        .update(chatImages)
        .set({ usedBy: use })
        .where(and(eq(chatImages.id, id), isNull(chatImages.usedBy)))
        .returning();
      if (!claimed) throw new AppError('IMAGE_ALREADY_USED', 409);
      return describe(claimed);
    },

    /** Gives a claimed picture back (its holder's write failed): it may be used again. */
    async release(id: string): Promise<void> {
      await db.update(chatImages).set({ usedBy: null }).where(eq(chatImages.id, id));
    },

    /** The pictures a user uploaded (an account about to be deleted: their files go with it). */
    async idsOwnedBy(ownerId: number): Promise<string[]> {
      const rows = await db.select({ id: chatImages.id }).from(chatImages).where(eq(chatImages.ownerId, ownerId));
      return rows.map((row) => row.id);
    },

    /** Deletes the files of pictures whose rows are gone (the account's deletion cascaded them). */
    async removeFiles(ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        await rm(path.join(dir, `${id}.webp`), { force: true });
        await rm(path.join(dir, `${id}-t.webp`), { force: true });
      }
    },

    /** Deletes a picture its holder no longer needs (a deleted wall post): the row and both files. */
    async remove(id: string): Promise<void> {
      await db.delete(chatImages).where(eq(chatImages.id, id));
      await rm(path.join(dir, `${id}.webp`), { force: true });
      await rm(path.join(dir, `${id}-t.webp`), { force: true });
    },

    /**
     * The content a message is stored with. An image message names a picture its sender
     * uploaded (by its address); a legacy data-image content (spec §5, whatever type it was sent
     * as) is converted like an upload. Either way the message holds the address and an image
     * attachment (thumbnail and size), never base64. A text stays as it is.
     */
    async resolve(senderId: number, messageType: MessageType, content: string): Promise<ResolvedContent> {
      if (isLegacyImageContent(content)) {
        const image = await save(senderId, fileFromDataUrl(content));
        // Made for this message: never free for a wall post.
        await db.update(chatImages).set({ usedBy: 'message' }).where(eq(chatImages.id, image.id));
        return { content: image.url, messageType: 'image', attachments: [attachmentOf(image)] };
      }
      if (messageType !== 'image') return { content, messageType: 'text', attachments: [] };
      const id = chatImageIdOf(content.trim());
      if (!id) throw new AppError('IMAGE_NOT_FOUND', 400);
      const [row] = await db.select().from(chatImages).where(eq(chatImages.id, id)).limit(1);
      if (!row) throw new AppError('IMAGE_NOT_FOUND', 400);
      if (row.ownerId !== senderId) throw new AppError('IMAGE_NOT_YOURS', 403);
      // Its owner may send it in several messages (a retried send is the same message), but a
      // picture a wall post holds is that post's.
      if (row.usedBy !== 'message') {
        const [marked] = await db
          .update(chatImages)
          .set({ usedBy: 'message' })
          .where(and(eq(chatImages.id, id), or(isNull(chatImages.usedBy), eq(chatImages.usedBy, 'message'))))
          .returning({ id: chatImages.id });
        if (!marked) throw new AppError('IMAGE_ALREADY_USED', 409);
      }
      const image = describe(row);
      return { content: image.url, messageType: 'image', attachments: [attachmentOf(image)] };
    },

    /**
     * Deletes pictures whose holder is gone (an expired story): their rows and both files. Safe when
     * two nodes do it at once (a file already gone is no error).
     */
    async discard(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(chatImages).where(inArray(chatImages.id, [...ids]));
      await Promise.all(
        ids.flatMap((id) => [
          rm(path.join(dir, `${id}.webp`), { force: true }),
          rm(path.join(dir, `${id}-t.webp`), { force: true }),
        ]),
      );
    },
  };
}

export type ChatImageStore = ReturnType<typeof createChatImageStore>;
