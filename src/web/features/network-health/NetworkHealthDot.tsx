import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { HealthBand } from '../../../shared/api/connection';
import { useLinkState, useRealtime, type NetworkHealthState } from '../../realtime';
import { NETWORK_HEALTH_TEXTS as T } from './texts';

/** The dot's colour per band, from the theme's variables only. */
const DOT: Record<HealthBand | 'unknown', string> = {
  excellent: 'bg-success',
  good: 'bg-success',
  fair: 'bg-warning',
  poor: 'bg-warning',
  critical: 'bg-destructive',
  unknown: 'bg-muted-foreground',
};

/**
 * The band a reader should see. The link's state is the one truth about being connected (the
 * banner reads it too): with the socket down and no polling carrying the chat, or in backup mode,
 * the dot is critical whatever the last score said, so it is never green under a "lost" banner.
 */
export function shownBand(state: NetworkHealthState, linkDown = false): HealthBand | 'unknown' {
  if (state.backup || (linkDown && !state.polling)) return 'critical';
  return state.current?.band ?? 'unknown';
}

/** The sentences under the dot: the band, the measures, the way the page reaches the server. */
export function healthLines(state: NetworkHealthState, linkDown = false): string[] {
  const band = shownBand(state, linkDown);
  const lines = [T.label(band === 'unknown' ? T.measuring : T.bands[band])];
  const { current } = state;
  if (current && current.latencyMs > 0) lines.push(T.latency(current.latencyMs));
  if (current) lines.push(`${T.success(Math.round(current.successRate * 100))} ${T.samples(current.samples)}`);
  lines.push(T.transport[state.transport]);
  if (state.backup) lines.push(T.backup);
  else if (state.polling) lines.push(T.polling);
  return lines;
}

/**
 * The network-health dot, discreetly (spec §9 "Connection health check"): a coloured dot in the
 * header; its name says the band (screen readers, tooltip), and a press shows the details.
 */
/**
 * `compact`: the dot inline in a line of text (the phone header's subtitle, beside the online
 * count), where a header slot of its own would squeeze the room's name; its touch target stays
 * 44 px, its negative margins letting it reach over the text around it, which takes no taps.
 */
export function NetworkHealthDot({ compact = false }: { compact?: boolean }) {
  const state = useStore(useRealtime().health.store);
  const linkDown = useLinkState((s) => s.status !== 'connected');
  return <NetworkHealthDotView state={state} linkDown={linkDown} compact={compact} />;
}

export function NetworkHealthDotView({
  state,
  linkDown = false,
  compact = false,
}: {
  state: NetworkHealthState;
  linkDown?: boolean;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const band = shownBand(state, linkDown);
  const lines = healthLines(state, linkDown);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div ref={root} className={compact ? 'relative inline-flex' : 'relative'} data-health={band}>
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-label={lines[0]}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={lines.join('\n')}
        className={
          compact
            ? '-m-3.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full'
            : 'inline-flex h-11 w-11 items-center justify-center rounded-xl hover:bg-white/10'
        }
      >
        <span
          aria-hidden="true"
          className={`h-2.5 w-2.5 rounded-full ring-2 ring-white/60 ${DOT[band]} ${
            band === 'critical' ? 'motion-safe:animate-pulse' : ''
          }`}
        />
      </button>
      {open && (
        <div
          id={panelId}
          role="status"
          className={`absolute z-40 w-64 rounded-xl border border-border bg-card p-3 text-sm whitespace-normal text-card-foreground shadow-lg ${
            compact ? 'start-0 top-8' : 'end-0 top-12'
          }`}
        >
          <p className="flex items-center gap-2 font-medium">
            <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOT[band]}`} />
            {lines[0]}
          </p>
          <ul className="mt-1 space-y-0.5 text-muted-foreground">
            {lines.slice(1).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
