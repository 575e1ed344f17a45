import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../components/Spinner';
import { SESSION_TEXTS } from '../features/session/texts';
import { sessionStore, useSession } from '../features/session/session-store';
import { WelcomeScreen } from '../features/welcome/WelcomeScreen';

const ChatApp = lazy(() => import('../features/chat/ChatApp'));

function FullScreenSpinner({ label }: { label: string }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} />
    </main>
  );
}

/** Spec §2 screen flow: restoring, welcome, then (lazily) the room picker and the chat. */
export function App() {
  const { status } = useSession();
  useEffect(() => {
    void sessionStore.start();
  }, []);
  if (status === 'restoring') return <FullScreenSpinner label={SESSION_TEXTS.restoring} />;
  if (status === 'anonymous') return <WelcomeScreen />;
  return (
    <Suspense fallback={<FullScreenSpinner label={SESSION_TEXTS.restoring} />}>
      <ChatApp />
    </Suspense>
  );
}
