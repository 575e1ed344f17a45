import { describe, expect, it } from 'vitest';
import { draftMessage } from '../../../shared/entities/message';
import { normalizeRoom, welcomeFor } from '../../../shared/entities/room';
import { canEditNow } from './OwnMessageTools';
import { secondsLeft } from './slow-mode';
import { MESSAGE_TOOLS_TEXTS as T } from './texts';

describe('message tools in the browser', () => {
  it('offers an edit only for a stored text message within 15 minutes', () => {
    const sent = Date.parse('2026-01-01T12:00:00.000Z');
    const message = draftMessage({ id: 5, timestamp: new Date(sent).toISOString() });
    expect(canEditNow(message, sent + 14 * 60_000)).toBe(true);
    expect(canEditNow(message, sent + 16 * 60_000)).toBe(false);
    expect(canEditNow({ ...message, id: -1 }, sent)).toBe(false);
    expect(canEditNow({ ...message, messageType: 'image' }, sent)).toBe(false);
  });

  it("counts slow mode down from this page's last message in the room", () => {
    expect(secondsLeft(undefined, 30, 1000)).toBe(0);
    expect(secondsLeft(10_000, 30, 10_000)).toBe(30);
    expect(secondsLeft(10_000, 30, 39_001)).toBe(1);
    expect(secondsLeft(10_000, 30, 40_000)).toBe(0);
    // A clock read before the send never shows more than the whole period.
    expect(secondsLeft(10_000, 30, 5_000)).toBe(30);
    expect(T.waitToSend(2)).toBe('يمكنك الإرسال بعد ثانيتين');
    expect(T.waitToSend(11)).toBe('يمكنك الإرسال بعد 11 ثانية');
  });

  it('greets by name and reads the new room fields from any server', () => {
    expect(welcomeFor('أهلاً {name}، نورت يا {name}', 'منى')).toBe('أهلاً منى، نورت يا منى');
    const room = normalizeRoom({
      id: 'general',
      pins: [{ id: 3, senderId: 1, senderName: 'علي', excerpt: 'مرحبا' }, { bad: true }],
      announcement: 'إعلان',
      slow_mode_seconds: '30',
    });
    expect(room).toMatchObject({
      pins: [{ id: 3, senderName: 'علي' }],
      announcement: 'إعلان',
      welcome: '',
      slowModeSeconds: 30,
    });
  });
});
