import { lazy, Suspense } from 'react';
import { useStore } from 'zustand';
import { userCardStore } from './user-card-store';

// The card (its dialog, and moderation's part with its forms) loads the first time someone opens one.
const UserCard = lazy(() => import('./UserCard'));

/** Where the person card opens; mounted once in the chat, and inside the moderation panel while it is open. */
export function UserCardHost() {
  const open = useStore(userCardStore, (s) => s.user !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UserCard />
    </Suspense>
  );
}
