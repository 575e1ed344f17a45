import { ImagePlus, Trash2 } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useBackCloses } from '../../lib/back-stack';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX } from '../../../shared/api/rooms';
import type { Room } from '../../../shared/entities/room';
import { Button } from '../../components/Button';
import { FieldShell, TextField } from '../../components/Field';
import { showSuccess } from '../../lib/toast';
import { createRoom, pictureProblem } from './room-actions';
import { ROOM_TEXTS as T } from './texts';
import { DialogCloseButton } from '../../components/DialogCloseButton';

/** The chosen picture as the browser can show it before it is sent. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Spec §2 create-room dialog: name, optional description, optional picture with a preview, cancel
 * and create. Create stays disabled while the trimmed name is empty (spec §5).
 */
export default function CreateRoomDialog({
  onOpenChange,
  onCreated,
}: {
  onOpenChange: (open: boolean) => void;
  onCreated?: (room: Room) => void;
}) {
  const queryClient = useQueryClient();
  // Mounted only while open: the phone's Back button closes it first.
  useBackCloses(() => onOpenChange(false));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = usePreview(image);
  const fileId = useId();
  const descriptionLeft = ROOM_DESCRIPTION_MAX - [...description].length;

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = pictureProblem(file);
    setImageError(problem);
    setImage(problem ? null : file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const room = await createRoom(queryClient, { name, description, image });
      showSuccess(T.created);
      onCreated?.(room);
      onOpenChange(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : T.createFailed);
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-y-auto rounded-t-3xl bg-card p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-card-foreground shadow-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <div className="mb-1 flex items-start justify-between gap-3">
            <Dialog.Title className="text-xl font-bold">{T.createTitle}</Dialog.Title>
            <DialogCloseButton label={T.cancel} className="-me-2 -mt-1" disabled={busy} />
          </div>
          <Dialog.Description className="mb-4 text-sm text-muted-foreground">{T.createIntro}</Dialog.Description>

          <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
            <TextField
              label={T.nameLabel}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={T.namePlaceholder}
              maxLength={ROOM_NAME_MAX}
              autoComplete="off"
              dir="auto"
              required
            />

            <FieldShell label={T.descriptionLabel} hint={T.charsLeft(descriptionLeft)}>
              {({ id, describedBy }) => (
                <textarea
                  id={id}
                  name="description"
                  aria-describedby={describedBy}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  placeholder={T.descriptionPlaceholder}
                  maxLength={ROOM_DESCRIPTION_MAX}
                  rows={3}
                  dir="auto"
                  className="w-full resize-none rounded-xl border border-border bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus:border-primary"
                />
              )}
            </FieldShell>

            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1.5 text-sm font-medium">{T.imageLabel}</legend>
              <div className="flex items-center gap-3">
                {preview ? (
                  <img
                    src={preview}
                    alt={T.imagePreview}
                    width={72}
                    height={72}
                    className="h-18 w-18 shrink-0 rounded-2xl border border-border object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="inline-flex h-18 w-18 shrink-0 items-center justify-center rounded-2xl border border-dashed border-border bg-muted text-muted-foreground"
                  >
                    <ImagePlus className="h-7 w-7" />
                  </span>
                )}
                <div className="flex flex-wrap gap-2">
                  <input
                    id={fileId}
                    type="file"
                    name="image"
                    accept="image/*"
                    className="peer sr-only"
                    onChange={(e) => {
                      choose(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                  <label
                    htmlFor={fileId}
                    className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-xl bg-muted px-4 font-medium hover:bg-border peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
                  >
                    <ImagePlus aria-hidden="true" className="h-4 w-4" />
                    {image ? T.replaceImage : T.chooseImage}
                  </label>
                  {image && (
                    <Button variant="ghost" className="h-11" onClick={() => setImage(null)}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      {T.removeImage}
                    </Button>
                  )}
                </div>
              </div>
              {imageError ? (
                <p role="alert" className="text-sm text-destructive">
                  {imageError}
                </p>
              ) : (
                <p className="text-xs text-muted-foreground">{T.imageHint}</p>
              )}
            </fieldset>

            {error && (
              <p role="alert" className="rounded-xl bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {error}
              </p>
            )}

            <div className="mt-1 flex gap-2">
              <Button type="submit" size="lg" className="flex-1" disabled={!name.trim() || busy}>
                {busy ? T.creating : T.create}
              </Button>
              <Dialog.Close asChild>
                <Button variant="secondary" size="lg" disabled={busy}>
                  {T.cancel}
                </Button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
