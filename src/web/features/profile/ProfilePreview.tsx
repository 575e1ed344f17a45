import type { SelfUser } from '../../../shared/entities/user';
import { resolveAppearance } from '../../../shared/profile/appearance';
import { UserAvatar } from '../../components/avatar';
import { UserName } from '../../components/user-name';
import { PROFILE_TEXTS as T } from './texts';

/**
 * The live preview: the profile card (background and glow for staff, large avatar with frame and
 * tag, the name as everyone will see it, status and bio) and the same person as a chat line.
 */
export function ProfilePreview({ user }: { user: SelfUser }) {
  const look = resolveAppearance(user);
  return (
    <figure aria-label={T.preview} className="flex flex-col gap-3" data-testid="profile-preview">
      <div
        className="flex flex-col items-center gap-2 rounded-2xl border border-border bg-muted px-4 pb-4 pt-6 text-center"
        style={look.background ? { backgroundImage: look.background } : undefined}
      >
        <UserAvatar user={user} size={96} loading="eager" />
        <div className="mt-2 max-w-full rounded-xl bg-card/85 px-3 py-1.5 shadow-sm">
          <UserName user={user} preferDisplayName className="text-xl font-bold" />
          {user.displayName && (
            <bdi className="block text-xs text-muted-foreground" dir="auto">
              @{user.username}
            </bdi>
          )}
          {user.statusText && (
            <p dir="auto" className="text-sm text-muted-foreground">
              {user.statusText}
            </p>
          )}
        </div>
        {user.bio && (
          <p dir="auto" className="max-w-full rounded-xl bg-card/85 px-3 py-1.5 text-sm break-words">
            {user.bio}
          </p>
        )}
      </div>
      <div className="flex items-start gap-2 rounded-2xl border border-border bg-card p-3">
        <UserAvatar user={user} size="small" frameOverflows />
        <div className="min-w-0">
          <UserName user={user} className="text-sm font-bold" />
          <p className="text-sm">{T.previewMessage}</p>
        </div>
      </div>
      <figcaption className="text-center text-xs text-muted-foreground">{T.previewHint}</figcaption>
    </figure>
  );
}
