import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { UploadedImage } from '../../../shared/api/uploads';
import { isAbort } from '../../lib/api';
import { showError } from '../../lib/toast';
import { IMAGE_TEXTS as T } from './texts';
import { uploadImage } from './upload-image';

/** The first picture among pasted or dropped files, if any. */
function firstImage(files: FileList | null | undefined): File | null {
  for (const file of files ?? []) if (file.type.startsWith('image/')) return file;
  return null;
}

/**
 * The composer's picture button: pick a file, or paste or drop one anywhere on the form it sits
 * in. The picture is uploaded with its progress shown (tap again to cancel), then handed to
 * `onUploaded`, which sends the message. One upload at a time.
 */
export function AttachImageButton({
  onUploaded,
  disabled = false,
}: {
  onUploaded: (image: UploadedImage) => void;
  disabled?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const latest = useRef({ onUploaded, disabled });
  useEffect(() => {
    latest.current = { onUploaded, disabled };
  });

  async function send(file: File) {
    if (upload.current || latest.current.disabled) return;
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const image = await uploadImage(file, { onProgress: setProgress, signal: controller.signal });
      latest.current.onUploaded(image);
    } catch (error) {
      if (!isAbort(error)) showError(error);
    } finally {
      upload.current = null;
      setProgress(null);
    }
  }
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  // Paste on the form the button sits in (the text box included); drop there too, or anywhere in
  // the conversation around it when that is marked `data-image-drop` (the room, the private box).
  useEffect(() => {
    const form = button.current?.closest('form');
    if (!form) return;
    const dropArea = form.closest<HTMLElement>('[data-image-drop]') ?? form;
    const onPaste = (event: ClipboardEvent) => {
      const file = firstImage(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      void sendRef.current(file);
    };
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event) || latest.current.disabled) return;
      event.preventDefault();
      setDragging(true);
    };
    const onDragLeave = (event: DragEvent) => {
      if (!dropArea.contains(event.relatedTarget as Node | null)) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      setDragging(false);
      const file = firstImage(event.dataTransfer?.files);
      if (!file) return;
      event.preventDefault();
      void sendRef.current(file);
    };
    form.addEventListener('paste', onPaste);
    dropArea.addEventListener('dragover', onDragOver);
    dropArea.addEventListener('dragleave', onDragLeave);
    dropArea.addEventListener('drop', onDrop);
    return () => {
      form.removeEventListener('paste', onPaste);
      dropArea.removeEventListener('dragover', onDragOver);
      dropArea.removeEventListener('dragleave', onDragLeave);
      dropArea.removeEventListener('drop', onDrop);
    };
  }, []);

  useEffect(() => () => upload.current?.abort(), []);

  const busy = progress !== null;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <button
        ref={button}
        type="button"
        disabled={disabled && !busy}
        onClick={() => (busy ? upload.current?.abort() : input.current?.click())}
        aria-label={busy ? T.cancelUpload : T.attach}
        title={busy ? T.cancelUpload : T.attachHint}
        className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted disabled:opacity-40"
      >
        {busy ? (
          <>
            <svg aria-hidden="true" viewBox="0 0 36 36" className="absolute inset-1.5 -rotate-90">
              <circle cx="18" cy="18" r="15" fill="none" strokeWidth="3" className="stroke-muted" />
              <circle
                cx="18"
                cy="18"
                r="15"
                fill="none"
                strokeWidth="3"
                strokeLinecap="round"
                className="stroke-primary"
                strokeDasharray={`${(progress / 100) * 94.2} 94.2`}
              />
            </svg>
            <X aria-hidden="true" className="h-4 w-4" />
          </>
        ) : (
          <ImagePlus aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
      <span role="status" aria-live="polite" className="sr-only">
        {busy ? T.uploading(Math.floor(progress / 10) * 10) : ''}
      </span>
      {dragging && (
        <span
          aria-hidden="true"
          className="pointer-events-none fixed inset-x-2 bottom-20 z-40 rounded-xl border-2 border-dashed border-primary bg-card/95 p-4 text-center text-sm font-bold text-primary"
        >
          {T.dropHere}
        </span>
      )}
    </>
  );
}
