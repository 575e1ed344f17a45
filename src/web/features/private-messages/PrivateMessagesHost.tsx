import { lazy, Suspense, useEffect, useState } from 'react';
import { useRealtime } from '../../realtime';
import { registerPrivateMessageAction, setOpenConversation } from '../people/private-message-action';
import { sessionStore } from '../session/session-store';
import { openConversation } from './open-conversation';
import { PrivateMessagesClient } from './pm-client';
import { PmClientContext } from './pm-context';
import { usePm } from './pm-store';

// The panel and the box load when first opened.
const MessagesPanel = lazy(() => import('./MessagesPanel'));
const PrivateBox = lazy(() => import('./PrivateBox'));

/**
 * Private messages in the chat screen: their live side (started with the chat, so the badge
 * counts from the start), the messages panel and the private message box when open.
 */
export function PrivateMessagesHost() {
  const realtime = useRealtime();
  const [client] = useState(() => new PrivateMessagesClient(realtime, sessionStore));
  const panelOpen = usePm((s) => s.panelOpen);
  const openWith = usePm((s) => s.openWith);
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  // The person card's "private message" opens the box here.
  useEffect(() => registerPrivateMessageAction(openConversation), []);
  // A message notification from the conversation on screen is read already.
  const openId = openWith?.id ?? null;
  useEffect(() => {
    setOpenConversation(openId);
    return () => setOpenConversation(null);
  }, [openId]);
  return (
    <PmClientContext.Provider value={client}>
      <Suspense fallback={null}>
        {panelOpen && <MessagesPanel />}
        {openWith && <PrivateBox key={openWith.id} peer={openWith} />}
      </Suspense>
    </PmClientContext.Provider>
  );
}
