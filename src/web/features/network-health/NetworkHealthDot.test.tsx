import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NetworkHealthState } from '../../realtime/network-health';
import { healthLines, NetworkHealthDotView, shownBand } from './NetworkHealthDot';
import { NETWORK_HEALTH_TEXTS as T } from './texts';

const state = (overrides: Partial<NetworkHealthState> = {}): NetworkHealthState => ({
  current: { score: 85, band: 'good', successRate: 0.9, latencyMs: 640, samples: 10 },
  transport: 'websocket',
  polling: false,
  backup: false,
  ...overrides,
});

describe('the health dot', () => {
  it('is a labelled 44 px button naming the band, coloured by it, with the details as its tooltip', () => {
    const html = renderToStaticMarkup(<NetworkHealthDotView state={state()} />);
    expect(html).toContain(`aria-label="${T.label('جيدة')}"`);
    expect(html).toContain('h-11 w-11');
    expect(html).toContain('bg-success');
    expect(html).toContain('زمن الاستجابة 640 ملّي ثانية');
    expect(html).toContain('نسبة النجاح 90٪ (آخر 10 محاولات)');
  });

  it('says it is still measuring before the first check', () => {
    const lines = healthLines(state({ current: null, transport: 'none' }));
    expect(lines).toEqual([T.label(T.measuring), T.transport.none]);
    expect(renderToStaticMarkup(<NetworkHealthDotView state={state({ current: null })} />)).toContain(
      'bg-muted-foreground',
    );
  });

  it('shows backup mode as critical and explains the fallback', () => {
    const backup = state({ backup: true, polling: true, transport: 'http' });
    expect(shownBand(backup)).toBe('critical');
    // The link down (the banner's truth) and nothing carrying the chat: never green.
    expect(shownBand(state(), true)).toBe('critical');
    expect(renderToStaticMarkup(<NetworkHealthDotView state={state()} linkDown />)).toContain('bg-destructive');
    expect(healthLines(backup)).toContain(T.backup);
    expect(healthLines(state({ polling: true, transport: 'http' }))).toContain(T.polling);
    expect(renderToStaticMarkup(<NetworkHealthDotView state={backup} />)).toContain('bg-destructive');
  });

  it('agrees the count of attempts in Arabic', () => {
    expect(T.samples(1)).toBe('(آخر محاولة واحدة)');
    expect(T.samples(2)).toBe('(آخر محاولتين)');
    expect(T.samples(11)).toBe('(آخر 11 محاولة)');
  });
});
