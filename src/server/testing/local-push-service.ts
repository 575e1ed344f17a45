/**
 * For tests: a push service on 127.0.0.1 (an HTTP server, as WEB_PUSH_ALLOW_LOCAL admits) and the
 * browser's side of a subscription: its P-256 key pair and auth secret, with which what arrives is
 * decrypted (RFC 8291 keys, RFC 8188 aes128gcm content) using node:crypto only.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The subscription's path on the service (which device it was for). */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The decrypted JSON of a push sent to this subscription. */
  decrypt(push: ReceivedPush): unknown;
}

/** Decrypts an aes128gcm body (one record) for the holder of `privateKey` and `authSecret`. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  // RFC 8291 §3.4: the input key material from the ECDH secret and the auth secret.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  // RFC 8188 §2.2–2.3: the content-encryption key and nonce from the salt.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export async function startLocalPushService() {
  const received: ReceivedPush[] = [];
  const waiting: { match: (push: ReceivedPush) => boolean; resolve: (push: ReceivedPush) => void }[] = [];
  /** What the service answers, by subscription path (default 201). */
  const statusOf = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push: ReceivedPush = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      for (const waiter of [...waiting])
        if (waiter.match(push)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(push);
        }
      response.statusCode = statusOf.get(push.path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let next = 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    /** A new device: its endpoint on this service and its keys. */
    subscription(answer?: number): TestSubscription {
      const path = `/push/${++next}-${randomBytes(4).toString('hex')}`;
      if (answer) statusOf.set(path, answer);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `http://127.0.0.1:${port}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (push) => JSON.parse(decryptAes128gcm(push.body, ecdh, auth).toString('utf8')) as unknown,
      };
    },
    /** The pushes that reached a subscription so far. */
    to: (subscription: TestSubscription) => received.filter((push) => subscription.endpoint.endsWith(push.path)),
    /** The next push to a subscription (already arrived, or arriving within `timeoutMs`). */
    next(subscription: TestSubscription, timeoutMs = 3000): Promise<ReceivedPush> {
      const match = (push: ReceivedPush) => subscription.endpoint.endsWith(push.path);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push arrived')), timeoutMs);
        waiting.push({
          match,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
