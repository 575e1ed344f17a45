/** The handshake: the page's protocol version, what its query carries, and why a connection is refused. */
import * as z from 'zod/mini';
import { ERROR_MESSAGES } from '../api/errors';

/**
 * Bumped when the protocol changes in a way an older page cannot follow. The page sends its
 * version in the handshake; a server refuses pages older than MIN_CLIENT_PROTOCOL and the page
 * asks the visitor to reload.
 */
export const PROTOCOL_VERSION = 3;
export const MIN_CLIENT_PROTOCOL = 3;

/** Fields the handshake query carries (spec §7). All optional; recorded for diagnostics. */
export const handshakeQuerySchema = z.partial(
  z.object({
    deviceId: z.string().check(z.maxLength(64)),
    userAgent: z.string().check(z.maxLength(512)),
    screen: z.string().check(z.maxLength(32)),
    connectionType: z.string().check(z.maxLength(32)),
    timezone: z.string().check(z.maxLength(64)),
    language: z.string().check(z.maxLength(32)),
    platform: z.string().check(z.maxLength(64)),
  }),
);

/** The handshake's `auth` object: the page's protocol version. */
export const handshakeAuthSchema = z.object({ protocol: z.int() });

/** Why a connection was refused (`connect_error`'s `data`). */
export interface ConnectRefusal {
  code:
    | 'UNAUTHORIZED'
    | 'CLIENT_OUTDATED'
    | 'TOO_MANY_CONNECTIONS'
    | 'FORBIDDEN_ORIGIN'
    | 'BANNED'
    | 'BLOCKED'
    | 'DEVICE_BLOCKED';
  message: string;
  /** Seconds left (bans and kicks). */
  timeLeft?: number;
}
export function connectRefusal(code: ConnectRefusal['code'], timeLeft?: number): ConnectRefusal {
  return { code, message: ERROR_MESSAGES[code], ...(timeLeft === undefined ? {} : { timeLeft }) };
}
