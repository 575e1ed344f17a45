import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { NETWORK_HEALTH_TEXTS } from '../network-health/texts';
import { linkText, RefusalNotice } from './LinkBanner';
import { CHAT_TEXTS } from './texts';

describe('RefusalNotice', () => {
  it('asks an outdated page to reload: an alert with a labelled button of at least 44 px', () => {
    const html = renderToStaticMarkup(<RefusalNotice refusal="CLIENT_OUTDATED" connected={false} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain(ERROR_MESSAGES.CLIENT_OUTDATED);
    expect(html).toMatch(
      new RegExp(`<button type="button"[^>]*min-h-11 min-w-11[^>]*>.*${CHAT_TEXTS.reload}</button>`),
    );
  });

  it('says there are too many open tabs while not connected', () => {
    const html = renderToStaticMarkup(<RefusalNotice refusal="TOO_MANY_CONNECTIONS" connected={false} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain(ERROR_MESSAGES.TOO_MANY_CONNECTIONS);
    expect(html).not.toContain('<button');
    expect(renderToStaticMarkup(<RefusalNotice refusal="TOO_MANY_CONNECTIONS" connected />)).toBe('');
  });

  it('shows nothing without a refusal', () => {
    expect(renderToStaticMarkup(<RefusalNotice refusal={null} connected={false} />)).toBe('');
  });
});

describe('linkText (spec §8)', () => {
  it('blames the network only when the browser is offline, and the server otherwise', () => {
    expect(linkText({ status: 'disconnected', networkOnline: false })).toBe(CHAT_TEXTS.link.lost);
    expect(linkText({ status: 'error', networkOnline: false })).toBe(CHAT_TEXTS.link.lost);
    expect(linkText({ status: 'connecting', networkOnline: false })).toBe(CHAT_TEXTS.link.lost);
    expect(linkText({ status: 'disconnected', networkOnline: true })).toBe(CHAT_TEXTS.link.failed);
    expect(linkText({ status: 'error', networkOnline: true })).toBe(CHAT_TEXTS.link.failed);
    expect(linkText({ status: 'connecting', networkOnline: true })).toBe(CHAT_TEXTS.link.connecting);
    expect(linkText({ status: 'connected', networkOnline: false })).toBeNull();
  });

  it('with a network, says the HTTP fallback carries the chat, or that the server cannot be reached', () => {
    const online = { status: 'disconnected', networkOnline: true } as const;
    expect(linkText({ ...online, fallback: 'polling' })).toBe(NETWORK_HEALTH_TEXTS.polling);
    const backup = linkText({ ...online, fallback: 'backup' })!;
    expect(backup.startsWith(CHAT_TEXTS.link.failed)).toBe(true);
    expect(backup).not.toContain('الشبكة');
    // Offline, the device is to blame whatever the fallback does.
    expect(linkText({ status: 'error', networkOnline: false, fallback: 'backup' })).toBe(CHAT_TEXTS.link.lost);
    expect(linkText({ status: 'connected', networkOnline: true, fallback: 'backup' })).toBeNull();
  });

  it('uses the exact Arabic of spec §8', () => {
    expect(CHAT_TEXTS.link.lost).toBe('انقطع الاتصال؛ سنستأنف تلقائياً عند عودة الشبكة');
    expect(CHAT_TEXTS.link.failed).toBe('فشل الاتصال بالخادم');
  });
});
