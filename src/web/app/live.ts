import type { QueryClient } from '@tanstack/react-query';
import { combine, Realtime, type RealtimeOptions, type Unsubscribe } from '../realtime';
import { ChatClient, type ChatClientOptions } from '../features/chat/timeline/chat-client';
import { registerModerationLive } from '../features/moderation/moderation-live';
import { registerSiteNotices } from '../features/notifications/site-notices';
import { registerRoomsLive } from '../features/rooms/rooms-live';
import { registerSanctionLive } from '../features/sanction/sanction-live';
import { authPayload, registerSessionLive } from '../features/session/session-live';
import type { SessionStore } from '../features/session/session-store';

/** The core's and the room timeline's options (browser defaults; tests and the moderation screens pass fakes). */
export interface LiveOptions extends Omit<RealtimeOptions, 'userId' | 'auth'>, Omit<ChatClientOptions, 'realtime'> {
  session: SessionStore;
  queryClient: QueryClient;
  /** Where a site notice (`systemNotification`) is shown. */
  inform?: (text: string) => void;
}

/** The signed-in page's live side: the realtime core, the room timeline, and each feature's handlers. */
export interface Live {
  realtime: Realtime;
  chat: ChatClient;
  start(): void;
  stop(): void;
}

/**
 * Wires the realtime core to the features that live on it. Features whose handlers belong to a
 * screen (private messages, notifications, friends, voice, the site theme) register from their own
 * components with `useRealtime()`; these are the ones that run for the whole signed-in page.
 */
export function createLive(options: LiveOptions): Live {
  const { session, queryClient } = options;
  // The room timeline is made after the core; until then no `auth` can be asked for.
  let wasInRoom = () => false;
  const realtime = new Realtime({
    ...options,
    userId: session.getState().record?.userId ?? null,
    auth: (recovered) => authPayload(session, recovered || wasInRoom()),
  });
  const chat = new ChatClient({ ...options, realtime });
  wasInRoom = () => chat.wasInRoom;
  let stopFeatures: Unsubscribe = () => undefined;
  return {
    realtime,
    chat,
    start() {
      // Registered before the link starts, so nothing heard is missed.
      stopFeatures = combine([
        registerSessionLive(realtime, session),
        registerSanctionLive(realtime, session, options.sanctions),
        registerRoomsLive(realtime, { queryClient, session }),
        registerModerationLive(realtime, queryClient),
        registerSiteNotices(realtime, options.inform),
      ]);
      chat.start();
      realtime.start();
    },
    stop() {
      chat.stop();
      realtime.stop();
      stopFeatures();
    },
  };
}
