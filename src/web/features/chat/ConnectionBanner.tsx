import { WifiOff } from 'lucide-react';
import { useRealtime } from './realtime/realtime-context';
import { CHAT_TEXTS as T } from './texts';

/** Spec §8 connection messages: shown while the socket is not connected. */
export function ConnectionBanner() {
  const connection = useRealtime((s) => s.connection);
  const everConnected = useRealtime((s) => s.everConnected);
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
    <div role="status" className="flex items-center justify-center gap-2 bg-warning px-3 py-1.5 text-sm text-white">
      {connection !== 'connecting' && <WifiOff aria-hidden="true" className="h-4 w-4" />}
      {text}
    </div>
  );
}
