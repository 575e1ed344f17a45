import { useQuery } from '@tanstack/react-query';
import { resolveAppearance } from '../../../shared/profile/appearance';
import { fetchUser } from './people-api';
import { PEOPLE_TEXTS as T } from './texts';

/** The person's public profile, shared with the presence line (one request per card). */
function useProfile(userId: number) {
  return useQuery({
    queryKey: ['users', userId],
    queryFn: async () => (await fetchUser(userId)).user,
    staleTime: 30_000,
  }).data;
}

/**
 * What a person wrote about themself on their card: the status line and bio, over the profile
 * background that staff may wear (spec §5/§6: others' stored backgrounds are not shown).
 */
export function ProfileDetails({ userId }: { userId: number }) {
  const profile = useProfile(userId);
  if (!profile) return null;
  const { background } = resolveAppearance(profile);
  const status = profile.statusText?.trim();
  const bio = profile.bio?.trim();
  if (!background && !status && !bio) return null;
  return (
    <section
      aria-label={T.aboutLabel}
      data-profile-background={background ? '' : undefined}
      className={`flex flex-col gap-1 rounded-2xl px-4 py-3 text-sm ${background ? 'min-h-14 text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]' : 'bg-muted'}`}
      style={background ? { backgroundImage: background } : undefined}
    >
      {status && (
        <p dir="auto" className="font-semibold">
          {status}
        </p>
      )}
      {bio && (
        <p dir="auto" className="leading-6 break-words whitespace-pre-wrap">
          {bio}
        </p>
      )}
    </section>
  );
}
