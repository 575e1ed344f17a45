import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { showError } from '../../lib/toast';
import type { ProfileDraft } from './profile-draft';
import { tagImageFromFile, TagImageError } from './tag-image-file';
import { PROFILE_TEXTS as T } from './texts';

/** One's own picture as the crown/tag: chosen, reduced in the page, previewed and removable. */
export function TagImageField({
  draft,
  change,
}: {
  draft: ProfileDraft;
  change: (patch: Partial<ProfileDraft>) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File) {
    setBusy(true);
    try {
      change({ tagImage: await tagImageFromFile(file) });
    } catch (error) {
      showError(error instanceof TagImageError ? T.tagImageFailed[error.reason] : error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={input}
        type="file"
        accept="image/png,image/webp,image/jpeg,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="tag-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void pick(file);
        }}
      />
      <button
        type="button"
        disabled={busy}
        onClick={() => input.current?.click()}
        className="inline-flex h-11 items-center gap-2 rounded-xl bg-muted px-3 text-sm font-medium hover:bg-border disabled:opacity-60"
      >
        <ImagePlus aria-hidden="true" className="h-5 w-5" />
        {draft.tagImage ? T.tagImageReplace : T.tagImageChoose}
      </button>
      {draft.tagImage && (
        <>
          <img
            src={draft.tagImage}
            alt={T.tagImagePreview}
            className="h-11 w-11 rounded-lg border border-border object-contain"
          />
          <button
            type="button"
            onClick={() => change({ tagImage: null })}
            className="inline-flex h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-muted-foreground hover:bg-muted"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {T.tagImageRemove}
          </button>
        </>
      )}
    </div>
  );
}
