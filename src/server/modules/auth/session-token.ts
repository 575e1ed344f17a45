import { createHash, randomBytes } from 'node:crypto';

/** A fresh random session token: it lives only in the user's cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores for a token. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
