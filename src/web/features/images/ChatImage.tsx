import { lazy, Suspense, useState } from 'react';
import type { Attachment, ListedMessage } from '../../../shared/entities/message';
import { IMAGE_TEXTS as T } from './texts';

// The full-size viewer (and its dialog library) loads when a picture is first opened.
const Lightbox = lazy(() => import('./Lightbox'));

/** The longest side of a thumbnail in the list, in CSS pixels. */
const THUMB_BOX = 240;

/** The picture of an image message: its attachment, or (an unsent copy, an old message) its content. */
export function imageOf(message: Pick<ListedMessage, 'content' | 'attachments'>): Attachment {
  return message.attachments.find((a) => a.type === 'image') ?? { url: message.content.trim(), type: 'image' };
}

/** The size a thumbnail takes before it loads: its shape within the box, or the box when unknown. */
export function thumbSize(width?: number, height?: number): { width: number; height: number } {
  if (!width || !height) return { width: THUMB_BOX, height: Math.round(THUMB_BOX * 0.75) };
  const scale = Math.min(1, THUMB_BOX / width, THUMB_BOX / height);
  return { width: Math.max(48, Math.round(width * scale)), height: Math.max(48, Math.round(height * scale)) };
}

/**
 * A picture in a message: the thumbnail in a box of its own shape (reserved before it loads, so
 * nothing below it moves), a button that opens the full size in the lightbox.
 */
export function ChatImage({
  message,
  senderName,
}: {
  message: Pick<ListedMessage, 'content' | 'attachments'>;
  senderName?: string;
}) {
  const [open, setOpen] = useState(false);
  const image = imageOf(message);
  // Only the site's own addresses: the server stores nothing else, and a page never loads others' links.
  const [broken, setBroken] = useState(!image.url.startsWith('/'));
  const size = thumbSize(image.width, image.height);
  const alt = senderName ? T.imageFrom(senderName) : T.image;
  return (
    <>
      <button
        type="button"
        onClick={() => !broken && setOpen(true)}
        aria-label={`${alt}: ${T.openImage}`}
        aria-haspopup="dialog"
        className="block max-w-full overflow-hidden rounded-xl border border-border bg-muted"
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
      >
        {!broken && (
          <img
            src={image.thumbnailUrl ?? image.url}
            alt=""
            width={size.width}
            height={size.height}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
            className="h-full w-full object-cover"
          />
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Lightbox image={image} label={alt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
