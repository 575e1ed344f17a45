import { lazy, Suspense } from 'react';
import { closeProfileEditor, useProfileEditorOpen } from './profile-editor-store';

// The editor (its forms, the upload and the account section) loads when first opened.
const ProfileEditor = lazy(() => import('./ProfileEditor'));

export function ProfileEditorHost() {
  const open = useProfileEditorOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ProfileEditor onClose={closeProfileEditor} />
    </Suspense>
  );
}
