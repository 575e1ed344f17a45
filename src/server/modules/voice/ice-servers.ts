import { createHmac } from 'node:crypto';
import type { IceServer } from '../../../shared/api/voice';

/** ICE settings from the environment (config.ts): servers, and the TURN REST shared secret. */
export interface IceSettings {
  servers: IceServer[];
  /** coturn's `static-auth-secret`: TURN credentials are made from it per request. */
  turnSecret: string | undefined;
  /** How long issued TURN credentials stay valid. */
  turnTtlSeconds: number;
}

const isTurn = (url: string) => /^turns?:/i.test(url);

/**
 * TURN REST credentials (the scheme coturn's `use-auth-secret` implements): the username is the
 * expiry time (Unix seconds) and the user id, the password is base64(HMAC-SHA1(secret, username)).
 * The TURN server checks both without asking us, and refuses them once expired.
 */
export function turnCredentials(secret: string, userId: number, nowMs: number, ttlSeconds: number) {
  const expiry = Math.floor(nowMs / 1000) + ttlSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/**
 * The servers a browser is given: STUN as configured; TURN with fresh credentials for this user
 * when a secret is set (a TURN server without credentials or a secret is left out: it would only
 * fail). Static passwords in ICE_SERVERS are never sent.
 */
export function iceServersFor(
  settings: IceSettings,
  userId: number,
  nowMs: number,
): { iceServers: IceServer[]; ttl: number } {
  const iceServers: IceServer[] = [];
  let issued = false;
  for (const server of settings.servers) {
    const stun = server.urls.filter((url) => !isTurn(url));
    const turn = server.urls.filter(isTurn);
    if (stun.length) iceServers.push({ urls: stun });
    if (turn.length && settings.turnSecret) {
      iceServers.push({ urls: turn, ...turnCredentials(settings.turnSecret, userId, nowMs, settings.turnTtlSeconds) });
      issued = true;
    }
  }
  return { iceServers, ttl: issued ? settings.turnTtlSeconds : 0 };
}

/** ICE_SERVERS: URLs separated by commas or spaces; one entry per URL (`stun:…`, `turn:…`, `turns:…`). */
export function parseIceServers(value: string): IceServer[] {
  return value
    .split(/[\s,]+/)
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => ({ urls: [url] }));
}
