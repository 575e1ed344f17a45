import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(env, { inMemoryDatabase: true });

describe('flood control settings', () => {
  it('default to visitors 5, members 8, staff 20 and a device 10 per 10 s, and 3 repeats per 30 s', () => {
    expect(load({}).messageFlood).toEqual({
      windowMs: 10_000,
      perUser: { guest: 5, member: 8, staff: 20 },
      perDevice: 10,
      repeats: 3,
      repeatWindowMs: 30_000,
    });
  });

  it('are read from the environment, and a bad value stops the server naming the variable', () => {
    const config = load({ FLOOD_MESSAGES_GUEST: '3', FLOOD_WINDOW_MS: '20000', FLOOD_REPEATS: '2' });
    expect(config.messageFlood).toMatchObject({ windowMs: 20_000, perUser: { guest: 3 }, repeats: 2 });
    expect(() => load({ FLOOD_MESSAGES_MEMBER: '0' })).toThrow(ConfigError);
    expect(() => load({ FLOOD_WINDOW_MS: 'soon' })).toThrow(/FLOOD_WINDOW_MS/);
  });
});

describe('the service worker', () => {
  it('is on by default, and ENABLE_SERVICE_WORKER=false turns it off', () => {
    expect(load({}).serviceWorker).toBe(true);
    expect(load({ ENABLE_SERVICE_WORKER: 'false' }).serviceWorker).toBe(false);
    expect(load({ ENABLE_SERVICE_WORKER: 'true' }).serviceWorker).toBe(true);
  });
});
