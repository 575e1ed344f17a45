import { lazy, Suspense, useEffect } from 'react';
import { isEntryPage, type PageData } from '../../shared/pages/page-data';
import { Spinner } from '../components/Spinner';
import { SESSION_TEXTS } from '../features/session/texts';
import { sessionStore, useSession } from '../features/session/session-store';
import type { RenderPage } from '../landing/page-loader';

const ChatApp = lazy(() => import('./load-chat-app').then((chat) => chat.loadChatApp()));

function FullScreenSpinner({ label }: { label: string }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} />
    </main>
  );
}

interface AppProps {
  page: PageData;
  renderPage: RenderPage;
}

/**
 * Spec §2 screen flow on the pages that lead into the chat: their own content with the welcome
 * form, then (loaded on entering) the room picker and the chat. Other pages just show themselves.
 */
export function App({ page, renderPage }: AppProps) {
  const { status } = useSession();
  const entry = isEntryPage(page);
  useEffect(() => {
    // On a country page the stored user is kept even if the server check comes back empty.
    if (entry) void sessionStore.start({ trustStored: page.kind === 'country' });
  }, [entry, page.kind]);
  if (!entry) return renderPage(page);
  if (status === 'restoring') return <FullScreenSpinner label={SESSION_TEXTS.restoring} />;
  if (status === 'anonymous') return renderPage(page);
  return (
    <Suspense fallback={<FullScreenSpinner label={SESSION_TEXTS.restoring} />}>
      <ChatApp />
    </Suspense>
  );
}
