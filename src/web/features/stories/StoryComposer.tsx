import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { UploadedImage } from '../../../shared/api/uploads';
import {
  charCount,
  DEFAULT_STORY_BACKGROUND,
  STORIES,
  STORY_BACKGROUND_IDS,
  STORY_BACKGROUNDS,
  type StoryBackground,
  type StoryVisibility,
} from '../../../shared/entities/story';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { useBackCloses } from '../../lib/back-stack';
import { showError, showSuccess } from '../../lib/toast';
import { uploadImage } from '../images/upload-image';
import { postStory } from './stories-api';
import { refreshFeed } from './stories-queries';
import { STORIES_TEXTS as T } from './texts';

const FIELD =
  'w-full rounded-xl border border-border bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';
const CHOICE =
  'min-h-11 flex-1 rounded-lg px-3 text-sm font-medium text-muted-foreground aria-checked:bg-card aria-checked:text-foreground aria-checked:shadow-sm focus-visible:outline-2 focus-visible:outline-primary';

/** A new story: a picture with a caption, or a text on a background; for everyone or friends. */
export default function StoryComposer({ onClose }: { onClose: () => void }) {
  useBackCloses(onClose);
  const queries = useQueryClient();
  const id = useId();
  const [kind, setKind] = useState<'text' | 'picture'>('text');
  const [text, setText] = useState('');
  const [background, setBackground] = useState<StoryBackground>(DEFAULT_STORY_BACKGROUND);
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [caption, setCaption] = useState('');
  const [visibility, setVisibility] = useState<StoryVisibility>('everyone');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const textLeft = STORIES.textMax - charCount(text);
  const captionLeft = STORIES.captionMax - charCount(caption);
  const ready =
    kind === 'text' ? text.trim() !== '' && textLeft >= 0 : image !== null && uploading === null && captionLeft >= 0;

  async function pick(chosen: File | undefined) {
    if (!chosen) return;
    setUploading(0);
    try {
      setImage(await uploadImage(chosen, { onProgress: setUploading }));
    } catch (error) {
      showError(error);
    } finally {
      setUploading(null);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await postStory(
        kind === 'text'
          ? { text: text.trim(), background, visibility }
          : { imageId: image!.id, caption: caption.trim() || null, visibility },
      );
      showSuccess(T.published);
      void refreshFeed(queries);
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-[61] max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-card p-4 text-foreground shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{T.composer}</Dialog.Title>
            <DialogCloseButton label={T.close} />
          </div>
          <form onSubmit={(e) => void submit(e)} className="space-y-4">
            <div role="radiogroup" aria-label={T.kindLabel} className="flex gap-1 rounded-xl bg-muted p-1">
              {(['text', 'picture'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  role="radio"
                  aria-checked={kind === k}
                  onClick={() => setKind(k)}
                  className={CHOICE}
                >
                  {k === 'text' ? T.kindText : T.kindPicture}
                </button>
              ))}
            </div>

            {kind === 'text' ? (
              <>
                <div
                  className="flex min-h-40 items-center justify-center rounded-xl p-4"
                  style={{ background: STORY_BACKGROUNDS[background] }}
                >
                  <label htmlFor={`${id}-text`} className="sr-only">
                    {T.textLabel}
                  </label>
                  <textarea
                    id={`${id}-text`}
                    dir="auto"
                    rows={4}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    placeholder={T.textPlaceholder}
                    aria-describedby={`${id}-text-left`}
                    className="w-full resize-none bg-transparent text-center text-xl leading-8 font-bold text-white placeholder:text-white/75 focus-visible:outline-2 focus-visible:outline-white"
                  />
                </div>
                <p
                  id={`${id}-text-left`}
                  className={`text-xs ${textLeft < 0 ? 'text-destructive' : 'text-muted-foreground'}`}
                >
                  {T.charsLeft(Math.max(0, textLeft))}
                </p>
                <fieldset>
                  <legend className="mb-2 text-sm font-medium">{T.backgroundLabel}</legend>
                  <div role="radiogroup" aria-label={T.backgroundLabel} className="flex flex-wrap gap-2">
                    {STORY_BACKGROUND_IDS.map((b) => (
                      <button
                        key={b}
                        type="button"
                        role="radio"
                        aria-checked={background === b}
                        aria-label={T.backgrounds[b]}
                        onClick={() => setBackground(b)}
                        className="h-11 w-11 rounded-full border-2 border-transparent aria-checked:border-foreground aria-checked:ring-2 aria-checked:ring-card aria-checked:ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                        style={{ background: STORY_BACKGROUNDS[b] }}
                      />
                    ))}
                  </div>
                </fieldset>
              </>
            ) : (
              <>
                <input
                  ref={file}
                  type="file"
                  accept="image/*"
                  className="sr-only"
                  tabIndex={-1}
                  aria-hidden="true"
                  onChange={(e) => void pick(e.target.files?.[0])}
                />
                {image ? (
                  <img
                    src={image.thumbnailUrl}
                    alt=""
                    width={image.width}
                    height={image.height}
                    className="mx-auto max-h-56 w-auto rounded-xl object-contain"
                  />
                ) : null}
                <button
                  type="button"
                  onClick={() => file.current?.click()}
                  disabled={uploading !== null}
                  className="flex min-h-11 w-full items-center justify-center gap-2 rounded-xl border border-dashed border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
                >
                  <ImagePlus aria-hidden="true" className="h-5 w-5" />
                  {uploading !== null ? `${T.uploading} ${uploading}%` : image ? T.changePicture : T.pickPicture}
                </button>
                <div>
                  <label htmlFor={`${id}-caption`} className="mb-1 block text-sm font-medium">
                    {T.captionLabel}
                  </label>
                  <input
                    id={`${id}-caption`}
                    dir="auto"
                    value={caption}
                    onChange={(e) => setCaption(e.target.value)}
                    aria-describedby={`${id}-caption-left`}
                    className={`${FIELD} min-h-11`}
                  />
                  <p
                    id={`${id}-caption-left`}
                    className={`mt-1 text-xs ${captionLeft < 0 ? 'text-destructive' : 'text-muted-foreground'}`}
                  >
                    {T.charsLeft(Math.max(0, captionLeft))}
                  </p>
                </div>
              </>
            )}

            <fieldset>
              <legend className="mb-2 text-sm font-medium">{T.visibilityLabel}</legend>
              <div role="radiogroup" aria-label={T.visibilityLabel} className="flex gap-1 rounded-xl bg-muted p-1">
                {(['everyone', 'friends'] as const).map((v) => (
                  <button
                    key={v}
                    type="button"
                    role="radio"
                    aria-checked={visibility === v}
                    onClick={() => setVisibility(v)}
                    className={CHOICE}
                  >
                    {v === 'everyone' ? T.everyone : T.friends}
                  </button>
                ))}
              </div>
            </fieldset>

            <div className="flex gap-2">
              <button
                type="submit"
                disabled={!ready || busy}
                className="min-h-11 flex-1 rounded-xl bg-primary px-4 font-bold text-primary-foreground disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {T.publish}
              </button>
              <Dialog.Close className="min-h-11 rounded-xl px-4 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary">
                {T.cancel}
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
