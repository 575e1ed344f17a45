import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../src/shared/realtime/protocol';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, at most `limit` at a time. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Signs a visitor in; the session cookie to connect with. */
export async function signInGuest(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  if (response.status !== 200) throw new Error(`guest sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One websocket client, no reconnection (a benchmark counts what it measures). */
export function connect(url: string, cookie: string | undefined, username?: string): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    ...(cookie ? { extraHeaders: { cookie } } : {}),
    auth: { protocol: PROTOCOL_VERSION },
    ...(username ? { query: { username } } : {}),
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Signs in, connects and joins `roomId`. */
export async function guestInRoom(url: string, username: string, roomId: string): Promise<ClientSocket> {
  const socket = await connect(url, await signInGuest(url, username));
  const reply = await socket.timeout(10_000).emitWithAck('joinRoom', { roomId });
  if (!reply.ok) throw new Error(`join refused: ${reply.code}`);
  return socket;
}
