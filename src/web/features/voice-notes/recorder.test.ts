import { describe, expect, it } from 'vitest';
import { formatClock } from './format';
import { waveformOf } from './recorder';

describe('a recording as the note sends it', () => {
  it('makes 48 levels of 0–100 from the samples, relative to the loudest', () => {
    const samples = Array.from({ length: 200 }, (_, i) => (i === 100 ? 0.5 : 0.1));
    const bars = waveformOf(samples);
    expect(bars).toHaveLength(48);
    expect(Math.max(...bars)).toBe(100);
    expect(bars.every((level) => Number.isInteger(level) && level >= 4 && level <= 100)).toBe(true);
    expect(bars.filter((level) => level === 100)).toHaveLength(1);
  });

  it('draws silence (or no samples) as the lowest bars', () => {
    expect(waveformOf([])).toEqual(Array.from({ length: 48 }, () => 4));
    expect(waveformOf([0, 0, 0])).toEqual(Array.from({ length: 48 }, () => 4));
  });

  it('shows lengths as m:ss', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5_400)).toBe('0:05');
    expect(formatClock(60_000)).toBe('1:00');
  });
});
