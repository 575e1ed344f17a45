import * as z from 'zod/mini';
import { endpoint } from './endpoint';

/** How many devices (browsers) one person may have subscribed at once. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** A base64url key as browsers give it (`PushSubscription.toJSON().keys`). */
const base64urlKey = (max: number) =>
  z
    .string({ error: 'PUSH_SUBSCRIPTION_INVALID' })
    .check(
      z.minLength(16, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
      z.maxLength(max, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
      z.regex(/^[A-Za-z0-9_-]+=*$/, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
    );

const endpointUrl = z
  .string({ error: 'PUSH_SUBSCRIPTION_INVALID' })
  .check(
    z.minLength(10, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
    z.maxLength(1000, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
    z.regex(/^https?:\/\//i, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
  );

/** `POST /api/push/subscriptions`: a browser's push subscription (what `subscription.toJSON()` gives). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointUrl,
  keys: z.object({ p256dh: base64urlKey(200), auth: base64urlKey(64) }, { error: 'PUSH_SUBSCRIPTION_INVALID' }),
  expirationTime: z.optional(z.nullable(z.unknown())),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointUrl });

/** A person's push settings: on or off for all their devices, and whether a message's start is shown. */
export const pushSettingsSchema = z.object({ enabled: z.boolean(), preview: z.boolean() });
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const pushSettingsBodySchema = z.object({ enabled: z.optional(z.boolean()), preview: z.optional(z.boolean()) });

/**
 * What the service worker shows (the decrypted push payload). `body` holds a message's words only
 * when its reader allowed previews; `url` is what a tap opens.
 */
export const pushPayloadSchema = z.object({
  type: z.enum(['message', 'mention', 'reply', 'friendRequest']),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const ok = z.object({ ok: z.literal(true) });

export const pushEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/api/push',
    auth: 'session',
    reply: z.object({ publicKey: z.string(), settings: pushSettingsSchema, devices: z.int() }),
    summary: "The site's VAPID public key, the caller's push settings and how many of their devices are subscribed",
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    auth: 'session',
    body: pushSubscriptionBodySchema,
    reply: ok,
    summary:
      "Subscribes one of the caller's devices to notifications while no tab is open (https endpoints on public addresses only; at most 10 per person); turns them on",
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    auth: 'session',
    body: pushUnsubscribeBodySchema,
    reply: ok,
    summary: "Removes one of the caller's push subscriptions (by its endpoint)",
  }),
  settings: endpoint({
    method: 'PUT',
    path: '/api/push/settings',
    auth: 'session',
    body: pushSettingsBodySchema,
    reply: z.object({ settings: pushSettingsSchema }),
    summary: "Turns the caller's push notifications on or off (every device), and the message preview",
  }),
};
