import { lazy, Suspense, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { SanctionGate } from '../features/sanction/SanctionGate';
import { toasterWanted } from '../lib/toast';

export const SHELL_TEXTS = { skipToMain: 'انتقل إلى المحتوى الرئيسي' } as const;

const AppToaster = lazy(() => import('./Toaster'));

/**
 * The page shell: skip link first, the main content, a kick or block notice when there is one
 * (on every page, the welcome screen included), and toasts once the first one is needed.
 */
export function Shell({ children }: { children: ReactNode }) {
  const showToaster = useStore(toasterWanted, (s) => s.wanted);
  return (
    <>
      <a href="#main" className="skip-link">
        {SHELL_TEXTS.skipToMain}
      </a>
      {children}
      <SanctionGate />
      {showToaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}
