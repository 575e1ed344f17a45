import { RefreshCw, WifiOff } from 'lucide-react';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { useRealtime } from './realtime/realtime-context';
import type { BannerRefusal } from './realtime/realtime-state';
import { CHAT_TEXTS as T } from './texts';

const BANNER = 'flex flex-wrap items-center justify-center gap-x-3 gap-y-1 px-3 py-1.5 text-sm';

/**
 * Why the server refused this page, on every signed-in screen: an outdated page (until the reader
 * reloads; nothing reconnects) or too many open tabs (while retrying).
 */
export function RefusalBanner() {
  const refusal = useRealtime((s) => s.refusal);
  const connected = useRealtime((s) => s.connection === 'connected');
  return <RefusalNotice refusal={refusal} connected={connected} />;
}

export function RefusalNotice({ refusal, connected }: { refusal: BannerRefusal | null; connected: boolean }) {
  if (refusal === 'CLIENT_OUTDATED')
    return (
      <div role="alert" className={`${BANNER} bg-destructive text-destructive-foreground`}>
        <p>{ERROR_MESSAGES.CLIENT_OUTDATED}</p>
        <button
          type="button"
          onClick={() => location.reload()}
          className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-xl bg-card px-4 font-medium text-card-foreground"
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {T.reload}
        </button>
      </div>
    );
  if (refusal === 'TOO_MANY_CONNECTIONS' && !connected)
    return (
      <div role="alert" className={`${BANNER} bg-warning text-white`}>
        <WifiOff aria-hidden="true" className="h-4 w-4" />
        {ERROR_MESSAGES.TOO_MANY_CONNECTIONS}
      </div>
    );
  return null;
}

/** Spec §8 connection messages: shown while the socket is not connected, or was refused. */
export function ConnectionBanner() {
  const connection = useRealtime((s) => s.connection);
  const everConnected = useRealtime((s) => s.everConnected);
  const refused = useRealtime((s) => s.refusal !== null);
  if (refused) return <RefusalBanner />;
  if (connection === 'connected') return null;
  const text =
    connection === 'connecting'
      ? T.connection.connecting
      : connection === 'disconnected'
        ? T.connection.lost
        : everConnected
          ? T.connection.error
          : T.connection.failed;
  return (
    <div role="status" className={`${BANNER} bg-warning text-white`}>
      {connection !== 'connecting' && <WifiOff aria-hidden="true" className="h-4 w-4" />}
      {text}
    </div>
  );
}
