import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import { SOCKET } from '../../shared/constants';
import { PROTOCOL_VERSION } from '../../shared/realtime/protocol';
import { backoffDelay, createSocket, refusalOf } from './socket-link';

const ioMock = vi.hoisted(() => vi.fn((_options: Record<string, unknown>) => ({})));
vi.mock('socket.io-client', () => ({ io: ioMock }));

afterEach(() => vi.unstubAllGlobals());

describe('createSocket', () => {
  it('sends the protocol version in the handshake, with the spec §7 options and device query', () => {
    vi.stubGlobal('navigator', { userAgent: 'test', language: 'ar', platform: 'Linux' });
    vi.stubGlobal('screen', { width: 390, height: 844 });
    createSocket();
    const options = ioMock.mock.calls[0]![0];
    expect(options).toMatchObject({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      reconnectionAttempts: Infinity,
      reconnectionDelay: SOCKET.reconnectionDelayMs,
      reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
      timeout: SOCKET.timeoutMs,
      withCredentials: true,
      autoConnect: false,
      auth: { protocol: PROTOCOL_VERSION },
      query: expect.objectContaining({ userAgent: 'test', screen: '390x844', language: 'ar', platform: 'Linux' }),
    });
  });
});

describe('refusalOf', () => {
  const refused = (data: unknown, message = 'x') => Object.assign(new Error(message), { data });

  it("reads the server's {code, message}", () => {
    expect(refusalOf(refused({ code: 'CLIENT_OUTDATED', message: ERROR_MESSAGES.CLIENT_OUTDATED }))).toEqual({
      code: 'CLIENT_OUTDATED',
      message: ERROR_MESSAGES.CLIENT_OUTDATED,
    });
    expect(refusalOf(refused({ code: 'TOO_MANY_CONNECTIONS' }))).toEqual({ code: 'TOO_MANY_CONNECTIONS', message: '' });
  });

  it('understands an UNAUTHORIZED named only in the message, and nothing else', () => {
    expect(refusalOf(new Error('UNAUTHORIZED'))).toEqual({ code: 'UNAUTHORIZED', message: '' });
    expect(refusalOf(new Error('websocket error'))).toBeNull();
    expect(refusalOf(refused({ code: 'SOMETHING_NEW' }))).toBeNull();
    expect(refusalOf(refused('text'))).toBeNull();
  });
});

describe('backoffDelay', () => {
  it("doubles from 500 ms up to 5 s, like Socket.IO's own reconnection", () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 10, 100].map((n) => backoffDelay(n, noJitter))).toEqual([
      500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it('spreads retries by up to half the delay', () => {
    expect(backoffDelay(1, () => 0.99)).toBeLessThanOrEqual(1500);
    expect(backoffDelay(1, () => 0.99)).toBeGreaterThanOrEqual(500);
  });
});
