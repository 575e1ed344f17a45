import { ImageUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { SelfUser } from '../../../shared/entities/user';
import { ApiError } from '../../lib/api';
import { showError, showSuccess } from '../../lib/toast';
import { EditorSection } from './EditorParts';
import { PROFILE_TEXTS as T } from './texts';
import { uploadAvatar } from './upload-avatar';
import { AVATAR_MAX_BYTES } from '../../../shared/api/users';
import { ERROR_MESSAGES } from '../../../shared/api/errors';

/** Choose a picture and upload it, with a progress bar; the new avatar shows everywhere once stored. */
export function AvatarUpload({ user, onUploaded }: { user: SelfUser; onUploaded: (user: SelfUser) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);

  async function send(file: File) {
    // Too large is known before sending: the same text the server would give (spec §8, 413).
    if (file.size > AVATAR_MAX_BYTES) {
      showError(new ApiError('IMAGE_TOO_LARGE', 413, ERROR_MESSAGES.IMAGE_TOO_LARGE));
      return;
    }
    setProgress(0);
    try {
      const updated = await uploadAvatar(user.id, file, setProgress);
      onUploaded(updated);
      showSuccess(T.uploaded);
    } catch (error) {
      showError(error);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <EditorSection title={T.pictureSection}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <button
        type="button"
        disabled={progress !== null}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-muted px-4 font-medium hover:bg-border disabled:opacity-60"
      >
        <ImageUp aria-hidden="true" className="h-5 w-5" />
        {progress === null ? T.choosePicture : T.uploading(progress)}
      </button>
      {progress !== null && (
        <progress
          max={100}
          value={progress}
          aria-label={T.uploading(progress)}
          className="h-2 w-full accent-[var(--color-primary)]"
        />
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {T.pictureHint}
      </p>
    </EditorSection>
  );
}
