import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { checkEndpointUrl, guardedLookup, type EndpointRules } from './endpoint-guard';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one push: delivered, gone for good (404/410: forget the subscription), or failed. */
export type PushOutcome = 'delivered' | 'gone' | 'failed' | 'refused';

/** How long a push service may take to answer. */
const TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for an offline device (seconds). */
const TTL_SECONDS = 24 * 3600;

/**
 * Sends one encrypted push (RFC 8291 aes128gcm, VAPID RFC 8292: `web-push` builds the request)
 * over our own request, whose connection only reaches public addresses (`endpoint-guard.ts`).
 */
export function createPushSender(deps: { vapid: VapidKeys; subject: string; rules: EndpointRules }) {
  const { vapid, subject, rules } = deps;
  const lookup = guardedLookup(rules);
  return async function send(target: PushTarget, payload: string, topic?: string): Promise<PushOutcome> {
    let url: URL;
    try {
      url = checkEndpointUrl(target.endpoint, rules);
    } catch {
      return 'refused';
    }
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        ...(topic ? { topic } : {}),
      },
    );
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<PushOutcome>((resolve) => {
      const request = transport.request(
        url,
        {
          method: details.method,
          headers: details.headers as http.OutgoingHttpHeaders,
          lookup,
          timeout: TIMEOUT_MS,
          agent: false,
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve('delivered');
          else if (status === 404 || status === 410) resolve('gone');
          else resolve('failed');
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service timed out')));
      request.on('error', (error) =>
        resolve((error as { code?: string }).code === 'EPUSHREFUSED' ? 'refused' : 'failed'),
      );
      request.end(details.body ?? undefined);
    });
  };
}

export type PushSend = ReturnType<typeof createPushSender>;
