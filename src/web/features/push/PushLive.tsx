import { useEffect, useState } from 'react';
import { byGender } from '../../../shared/arabic/grammar';
import { usersEndpoints } from '../../../shared/api/users';
import { roomIdFromPath } from '../../../shared/pages/page-data';
import { callApi } from '../../lib/api';
import { readerGender } from '../../lib/reader-voice';
import { showError, showSuccess } from '../../lib/toast';
import { useLiveEvent } from '../../realtime';
import { openNotificationPanel } from '../notifications/bell-store';
import { openConversation } from '../private-messages/open-conversation';
import { sessionStore, useSession } from '../session/session-store';
import { enablePush, forgetThisDevice, markPrompted, refreshPush, shouldPrompt } from './push-client';
import { PUSH_TEXTS as T } from './texts';

/** The query parameters a notification's address may carry (the server's `conversationUrl`…). */
const PARAMS = ['pm', 'open'];

/**
 * Opens what a tapped notification names: a room, the conversation with someone, or the bell's
 * panel, where a friend request is accepted or declined.
 */
export async function openPushTarget(address: string): Promise<void> {
  const url = new URL(address, location.origin);
  const roomId = roomIdFromPath(url.pathname);
  if (roomId) sessionStore.selectRoom(roomId);
  if (url.searchParams.get('open') === 'friend-requests') openNotificationPanel();
  const peer = Number(url.searchParams.get('pm'));
  if (Number.isInteger(peer) && peer > 0) {
    const { user } = await callApi(usersEndpoints.get, { params: { id: peer } });
    openConversation({ id: user.id, username: user.username });
  }
}

/** The address without a notification's parameters (they are acted on once). */
function withoutPushParams(): string | null {
  const url = new URL(location.href);
  if (!PARAMS.some((name) => url.searchParams.has(name))) return null;
  for (const name of PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/** The gentle offer after a first private message: two buttons, never on page load. */
function PushPrompt({ onDone }: { onDone: () => void }) {
  const userId = useSession().record?.userId;
  const gender = readerGender();
  const answer = (yes: boolean) => {
    markPrompted();
    onDone();
    if (!yes || userId === undefined) return;
    void enablePush(userId)
      .then((status) => status === 'on' && showSuccess(T.turnedOn))
      .catch(() => showError(byGender(gender, { male: T.failed, female: T.failedFeminine })));
  };
  return (
    <section
      dir="rtl"
      aria-label={T.promptLabel}
      className="fixed inset-x-3 bottom-20 z-30 mx-auto flex max-w-md flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-xl"
    >
      <p className="text-sm">{byGender(gender, { male: T.prompt, female: T.promptFeminine })}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className="min-h-11 flex-1 rounded-xl bg-primary px-3 font-bold text-primary-foreground"
          onClick={() => answer(true)}
        >
          {byGender(gender, { male: T.promptYes, female: T.promptYesFeminine })}
        </button>
        <button type="button" className="min-h-11 flex-1 rounded-xl px-3 hover:bg-muted" onClick={() => answer(false)}>
          {T.promptNo}
        </button>
      </div>
    </section>
  );
}

/**
 * Push on the signed-in page: where this device stands, what a tapped notification asks to open
 * (the address it opened, or a message from the service worker when a page was already open), and
 * the gentle offer after a private message received or sent.
 */
export function PushLive() {
  const userId = useSession().record?.userId;
  const [prompting, setPrompting] = useState(false);

  useEffect(() => {
    if (userId !== undefined) void refreshPush(userId);
  }, [userId]);

  // The chat closes at sign-out (or a dead session): this device stops receiving for them.
  useEffect(
    () => () => {
      if (sessionStore.getState().status !== 'signedIn') void forgetThisDevice();
    },
    [],
  );

  useEffect(() => {
    const cleaned = withoutPushParams();
    if (cleaned !== null) {
      void openPushTarget(location.href).catch(() => undefined);
      history.replaceState(history.state, '', cleaned);
    }
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'push-open' && typeof data.url === 'string')
        void openPushTarget(data.url).catch(() => undefined);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  useLiveEvent('privateMessage', () => {
    if (!prompting && shouldPrompt()) setPrompting(true);
  });

  return prompting ? <PushPrompt onDone={() => setPrompting(false)} /> : null;
}
