import { describe, expect, it } from 'vitest';
import { unreadTitle } from '../notifications/texts';
import { mentionAtCaret, mentions } from './composer-requests';
import { timeAgo } from './relative-time';
import { mentionedNames } from '../../../shared/text/mentions';

describe('mentions', () => {
  it('finds the name being typed after @ at the caret', () => {
    expect(mentionAtCaret('مرحبا @عل', 9)).toEqual({ query: 'عل', start: 6 });
    expect(mentionAtCaret('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionAtCaret('بريد a@b', 8)).toBeNull();
    expect(mentionAtCaret('@علي مرحبا', 10)).toBeNull();
  });

  it('highlights a message that names the reader, not a longer name', () => {
    expect(mentions('شكراً @علي!', 'علي')).toBe(true);
    expect(mentions('@علي', 'علي')).toBe(true);
    expect(mentions('@عليا مرحبا', 'علي')).toBe(false);
    expect(mentions('علي بدون إشارة', 'علي')).toBe(false);
  });

  it('the server reads the same names, at most five', () => {
    expect(mentionedNames('أهلاً @علي و @منى، كيف حالكما؟')).toEqual(['علي', 'منى']);
    expect(mentionedNames('a@b.com')).toEqual([]);
    expect(mentionedNames('@aa @bb @cc @dd @ee @ff')).toHaveLength(5);
  });
});

describe('notification texts', () => {
  it('puts the unread count in the page title', () => {
    expect(unreadTitle(0, 'مجلس')).toBe('مجلس');
    expect(unreadTitle(3, 'مجلس')).toBe('(3) مجلس');
    expect(unreadTitle(150, 'مجلس')).toBe('(99+) مجلس');
  });

  it('says how long ago in Arabic', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(timeAgo('2026-01-01T11:59:30Z', now)).toBe('الآن');
    expect(timeAgo('2026-01-01T11:55:00Z', now)).toBe('منذ 5 دقائق');
    expect(timeAgo('2026-01-01T10:00:00Z', now)).toBe('منذ ساعتين');
    expect(timeAgo(null, now)).toBe('');
  });
});
