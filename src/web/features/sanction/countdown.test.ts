import { describe, expect, it } from 'vitest';
import { calmRemaining, formatClock, remainingShare, secondsUntil } from './countdown';

describe('kick countdown', () => {
  it('shows minutes:seconds, with hours for a long wait', () => {
    expect(formatClock(15 * 60)).toBe('15:00');
    expect(formatClock(14 * 60 + 59)).toBe('14:59');
    expect(formatClock(61)).toBe('01:01');
    expect(formatClock(9)).toBe('00:09');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-3)).toBe('00:00');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(24 * 3600 - 1)).toBe('23:59:59');
  });

  it('counts a started second as left, and never below zero', () => {
    const now = 1_000_000;
    expect(secondsUntil(now + 15 * 60_000, now)).toBe(900);
    expect(secondsUntil(now + 1, now)).toBe(1);
    expect(secondsUntil(now + 1500, now)).toBe(2);
    expect(secondsUntil(now, now)).toBe(0);
    expect(secondsUntil(now - 5000, now)).toBe(0);
  });

  it('says whole minutes in words for readers who asked for less motion, with number agreement', () => {
    expect(calmRemaining(15 * 60)).toBe('15 دقيقة');
    expect(calmRemaining(14 * 60 + 1)).toBe('15 دقيقة');
    expect(calmRemaining(5 * 60)).toBe('5 دقائق');
    expect(calmRemaining(100)).toBe('دقيقتان');
    expect(calmRemaining(30)).toBe('دقيقة واحدة');
    expect(calmRemaining(0)).toBe('دقيقة واحدة');
  });

  it('knows how much of the wait is left, or shows a full bar when the length is unknown', () => {
    expect(remainingShare(450, 15)).toBe(0.5);
    expect(remainingShare(0, 15)).toBe(0);
    expect(remainingShare(2000, 15)).toBe(1);
    expect(remainingShare(120, null)).toBe(1);
  });
});
