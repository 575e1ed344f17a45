import { lazy, Suspense, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { toasterWanted } from '../lib/toast';

export const SHELL_TEXTS = { skipToMain: 'انتقل إلى المحتوى الرئيسي' } as const;

const AppToaster = lazy(() => import('./Toaster'));

/** The page shell: skip link first, the main content, and toasts once the first one is needed. */
export function Shell({ children }: { children: ReactNode }) {
  const showToaster = useStore(toasterWanted, (s) => s.wanted);
  return (
    <>
      <a href="#main" className="skip-link">
        {SHELL_TEXTS.skipToMain}
      </a>
      {children}
      {showToaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}
