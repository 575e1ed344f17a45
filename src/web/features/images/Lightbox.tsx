import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type PointerEvent } from 'react';
import type { Attachment } from '../../../shared/entities/message';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { useBackCloses } from '../../lib/back-stack';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { IMAGE_TEXTS as T } from './texts';

/** How far (px) a picture must be pulled down for the swipe to close the viewer. */
const SWIPE_CLOSE_PX = 90;

/**
 * The full-size picture over everything: a labelled dialog (focus stays inside; Escape, the ✕,
 * a tap beside the picture or the phone's Back close it), and on touch screens a swipe down
 * closes it, the picture following the finger.
 */
export default function Lightbox({ image, label, onClose }: { image: Attachment; label: string; onClose: () => void }) {
  useBackCloses(onClose);
  const reducedMotion = useReducedMotion();
  const [loaded, setLoaded] = useState(false);
  const [pull, setPull] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse') return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  }
  function onPointerMove(event: PointerEvent) {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    setPull(Math.max(0, event.clientY - from.y));
  }
  function onPointerEnd(event: PointerEvent) {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    if (event.clientY - from.y > SWIPE_CLOSE_PX) onClose();
    else setPull(0);
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 z-[60] bg-black/95"
          style={{ opacity: pull > 0 ? Math.max(0.3, 1 - pull / 400) : undefined }}
        />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-0 z-[61] flex flex-col focus:outline-none"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          // Taps on the dark area around the picture close it, as on every phone gallery.
          onClick={(event) => {
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <div className="flex items-center justify-between gap-2 bg-black p-2 text-white">
            <Dialog.Title className="truncate px-2 text-sm font-bold">{label}</Dialog.Title>
            <DialogCloseButton label={T.close} className="text-white hover:bg-white/10" />
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-none items-center justify-center p-2"
            onClick={(event) => {
              if (event.target === event.currentTarget) onClose();
            }}
          >
            {!loaded && (
              <span
                aria-hidden="true"
                className="absolute h-8 w-8 animate-spin rounded-full border-2 border-white/30 border-t-white"
              />
            )}
            <img
              src={image.url}
              alt={label}
              width={image.width}
              height={image.height}
              onLoad={() => setLoaded(true)}
              draggable={false}
              className="max-h-full max-w-full rounded-lg object-contain select-none"
              style={{
                transform: pull > 0 ? `translateY(${pull}px)` : undefined,
                transition: pull > 0 || reducedMotion ? 'none' : 'transform 150ms ease-out',
              }}
            />
          </div>
          <p className="p-2 text-center text-xs text-white/60 sm:hidden">{T.swipeHint}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
