import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { iceServersFor, parseIceServers } from './ice-servers';

describe('ICE servers', () => {
  it('reads ICE_SERVERS and refuses anything but stun:, turn: and turns:', () => {
    const config = loadConfig(
      {
        ICE_SERVERS: 'stun:a.example:3478, turn:a.example:3478?transport=udp turns:a.example:5349',
        TURN_SECRET: 'x'.repeat(16),
      },
      { inMemoryDatabase: true },
    );
    expect(config.voice.ice.servers.map((s) => s.urls[0])).toEqual([
      'stun:a.example:3478',
      'turn:a.example:3478?transport=udp',
      'turns:a.example:5349',
    ]);
    expect(() => loadConfig({ ICE_SERVERS: 'https://a.example' }, { inMemoryDatabase: true })).toThrow(ConfigError);
    expect(() => loadConfig({ TURN_SECRET: 'short' }, { inMemoryDatabase: true })).toThrow(/TURN_SECRET/);
  });

  it('gives TURN only with credentials made for this user, expiring; never without a secret', () => {
    const servers = parseIceServers('stun:a.example:3478,turn:a.example:3478');
    const now = Date.UTC(2026, 0, 1);
    const withSecret = iceServersFor({ servers, turnSecret: 'secret-secret-secret', turnTtlSeconds: 600 }, 7, now);
    expect(withSecret.ttl).toBe(600);
    const turn = withSecret.iceServers[1];
    expect(turn?.username).toBe(`${now / 1000 + 600}:7`);
    expect(turn?.credential).toBe(
      createHmac('sha1', 'secret-secret-secret')
        .update(turn?.username ?? '')
        .digest('base64'),
    );
    const withoutSecret = iceServersFor({ servers, turnSecret: undefined, turnTtlSeconds: 600 }, 7, now);
    expect(withoutSecret).toEqual({ iceServers: [{ urls: ['stun:a.example:3478'] }], ttl: 0 });
  });
});
