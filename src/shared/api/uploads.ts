import * as z from 'zod/mini';
import { MESSAGES } from '../constants';
import { endpoint } from './endpoint';
import { longerThan } from '../text/length';

/** The largest picture a person may send in a message (phone photos are often 3–6 MB). */
export const CHAT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Decoding cost grows with pixels, not bytes: a small file can claim a huge canvas (a bomb). */
export const CHAT_IMAGE_MAX_PIXELS = 40_000_000;
/** The stored full size fits in this square; the thumbnail in the smaller one. */
export const CHAT_IMAGE_FULL_SIZE = 1600;
export const CHAT_IMAGE_THUMB_SIZE = 320;
/** Pictures one person may upload within UPLOAD_WINDOW_MS (the disk is not a free-for-all). */
export const CHAT_IMAGE_UPLOADS_PER_WINDOW = 30;
export const CHAT_IMAGE_UPLOAD_WINDOW_MS = 10 * 60 * 1000;
/** Where chat pictures are served from. */
export const CHAT_IMAGES_URL = '/uploads/images/';
/** A stored picture's address: its random id, and `-t` for the thumbnail. */
export const CHAT_IMAGE_FILE = /^([0-9a-f]{32})(-t)?\.webp$/;
/** The full-size address of an image id. */
export const chatImageUrl = (id: string): string => `${CHAT_IMAGES_URL}${id}.webp`;
export const chatImageThumbUrl = (id: string): string => `${CHAT_IMAGES_URL}${id}-t.webp`;
/** The id of an image from its full-size address, or null when it is not one of ours. */
export function chatImageIdOf(url: string): string | null {
  if (!url.startsWith(CHAT_IMAGES_URL)) return null;
  const match = CHAT_IMAGE_FILE.exec(url.slice(CHAT_IMAGES_URL.length));
  return match && !match[2] ? match[1]! : null;
}

/**
 * Spec §5: text starting with a data-image prefix is an image. Such legacy content is accepted
 * (up to this many characters, about 3 MB of picture) and converted on the server to a stored
 * picture: the message then holds its address, never the base64.
 */
export const LEGACY_IMAGE_MAX_CHARS = 4_200_000;
/** The body a send may have to carry such a content (the server's usual limit is 64 KiB). */
export const LEGACY_IMAGE_BODY_LIMIT = LEGACY_IMAGE_MAX_CHARS + 64 * 1024;
export const LEGACY_IMAGE_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;
export const isLegacyImageContent = (text: string): boolean => LEGACY_IMAGE_PREFIX.test(text.trimStart());

/**
 * A message's content as sent, trimmed: a text (not empty, at most 1000 characters), a picture's
 * address (an image message), or a legacy data-image URL (much longer than a text may be).
 */
export const sentContentSchema = z
  .pipe(
    z.string({ error: 'MESSAGE_EMPTY' }),
    z.transform((text: string) => text.trim()),
  )
  .check(
    z.superRefine((text, ctx) => {
      if (isLegacyImageContent(text)) {
        if (text.length > LEGACY_IMAGE_MAX_CHARS) ctx.addIssue({ code: 'custom', message: 'IMAGE_TOO_LARGE' });
      } else if (text.length === 0) ctx.addIssue({ code: 'custom', message: 'MESSAGE_EMPTY' });
      else if (longerThan(text, MESSAGES.maxLength)) ctx.addIssue({ code: 'custom', message: 'MESSAGE_TOO_LONG' });
    }),
  );

/**
 * Spec §3: a message is a text, an image or (from the site) a system message; clients send the
 * first two, and voice notes (issue 22: the content is the uploaded note's address).
 */
export const sentMessageTypeSchema = z._default(
  z.enum(['text', 'image', 'voice'], { error: 'VALIDATION_ERROR' }),
  'text',
);
export type SentMessageType = 'text' | 'image' | 'voice';
/** What a client sends a message as (a system message is never sent: text). */
export const sentMessageType = (type: string): SentMessageType =>
  type === 'image' || type === 'voice' ? type : 'text';

/** What an upload gives back: the addresses a message will hold, and the size to reserve. */
export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.int(),
  height: z.int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadsEndpoints = {
  image: endpoint({
    method: 'POST',
    path: '/api/uploads/image',
    auth: 'session',
    files: ['image'],
    reply: z.object({ image: uploadedImageSchema }),
    summary:
      'Upload a picture for a message (multipart `image`): checked from its bytes, re-encoded to WebP, a thumbnail and a full size; only its uploader may send it',
  }),
};
