import { RefreshCw, WifiOff } from 'lucide-react';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { useRealtime } from './realtime/realtime-context';
import { CHAT_TEXTS as T } from './texts';

/** An old page cannot talk to the new server: say so until the reader reloads. */
function OutdatedBanner() {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-destructive px-3 py-1.5 text-sm text-destructive-foreground"
    >
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
}

/** Spec §8 connection messages: shown while the socket is not connected, or was refused. */
export function ConnectionBanner() {
  const connection = useRealtime((s) => s.connection);
  const everConnected = useRealtime((s) => s.everConnected);
  const refusal = useRealtime((s) => s.refusal);
  if (refusal === 'CLIENT_OUTDATED') return <OutdatedBanner />;
  if (connection === 'connected') return null;
  const text =
    refusal === 'TOO_MANY_CONNECTIONS'
      ? ERROR_MESSAGES.TOO_MANY_CONNECTIONS
      : connection === 'connecting'
        ? T.connection.connecting
        : connection === 'disconnected'
          ? T.connection.lost
          : everConnected
            ? T.connection.error
            : T.connection.failed;
  return (
    <div
      role={refusal ? 'alert' : 'status'}
      className="flex items-center justify-center gap-2 bg-warning px-3 py-1.5 text-sm text-white"
    >
      {connection !== 'connecting' && <WifiOff aria-hidden="true" className="h-4 w-4" />}
      {text}
    </div>
  );
}
