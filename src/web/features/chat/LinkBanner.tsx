import { RefreshCw, WifiOff } from 'lucide-react';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { useStore } from 'zustand';
import { NETWORK_HEALTH_TEXTS } from '../network-health/texts';
import { useLinkState, useRealtime, type LinkRefusal, type LinkState } from '../../realtime';
import { CHAT_TEXTS as T } from './texts';

const BANNER = 'flex flex-wrap items-center justify-center gap-x-3 gap-y-1 px-3 py-1.5 text-sm';

/**
 * Why the server refused this page, on every signed-in screen: an outdated page (until the reader
 * reloads; nothing reconnects) or too many open tabs (while retrying).
 */
export function RefusalBanner() {
  const refusal = useLinkState((s) => s.refusal);
  const connected = useLinkState((s) => s.status === 'connected');
  return <RefusalNotice refusal={refusal} connected={connected} />;
}

export function RefusalNotice({ refusal, connected }: { refusal: LinkRefusal | null; connected: boolean }) {
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
      <div role="alert" className={`${BANNER} bg-warning text-warning-foreground`}>
        <WifiOff aria-hidden="true" className="h-4 w-4" />
        {ERROR_MESSAGES.TOO_MANY_CONNECTIONS}
      </div>
    );
  return null;
}

/**
 * Spec §8 connection messages, telling the truth about whose fault it is: with no network on the
 * device (`navigator.onLine` false), "connection lost; we will resume when the network returns";
 * with a network but no server, "failed to connect to the server". Null while connected.
 */
export function linkText(
  state: Pick<LinkState, 'status' | 'networkOnline'> & { fallback?: 'polling' | 'backup' | null },
): string | null {
  if (state.status === 'connected') return null;
  if (!state.networkOnline) return T.link.lost;
  // With a network: HTTP polling carries the chat ("polling"), or fails too ("backup": the server
  // is unreachable, said as "failed to connect to the server").
  if (state.fallback) return NETWORK_HEALTH_TEXTS[state.fallback];
  return state.status === 'connecting' ? T.link.connecting : T.link.failed;
}

/** Shown while the socket is not connected, or was refused. */
export function LinkBanner() {
  const status = useLinkState((s) => s.status);
  const networkOnline = useLinkState((s) => s.networkOnline);
  const refused = useLinkState((s) => s.refusal !== null);
  const fallback = useStore(useRealtime().health.store, (s) => (s.backup ? 'backup' : s.polling ? 'polling' : null));
  if (refused) return <RefusalBanner />;
  const text = linkText({ status, networkOnline, fallback });
  if (text === null) return null;
  return (
    <div role="status" className={`${BANNER} bg-warning text-warning-foreground`}>
      {(status !== 'connecting' || !networkOnline) && <WifiOff aria-hidden="true" className="h-4 w-4" />}
      {text}
    </div>
  );
}
