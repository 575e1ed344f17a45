import type { IgnoreModule } from '../ignore';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import { subscribePushSources } from './push-sources';
import { createPushQueue, type PushQueue } from './push.queue';
import { createPushRepo } from './push.repo';
import { pushSubscriptionsRetention } from './push.retention';
import { registerPushRoutes } from './push.routes';
import { createPushSender } from './push.sender';
import { createPushService } from './push.service';
import { loadOrCreateVapidKeys } from './vapid';

export { pushSubscriptionsRetention, PUSH_SUBSCRIPTION_UNUSED_DAYS } from './push.retention';
export { isPublicAddress } from './endpoint-guard';
export { conversationUrl, FRIEND_REQUESTS_URL } from './push-sources';

export interface PushModule extends Module {
  /** The queue of pushes: `idle()` resolves once what was queued has been sent or dropped. */
  queue: Pick<PushQueue, 'idle'>;
}

/**
 * Web Push (issue 22 §6): private messages, mentions, replies and friend requests reach a
 * person's devices while no page of theirs is open on any node. Subscriptions and settings per
 * person; the VAPID keys in DATA_DIR; sending queued off the request path, from the node where
 * the event happened.
 */
export function createPushModule(
  core: Core,
  deps: { ignore: Pick<IgnoreModule, 'service'>; presence: Pick<PresenceModule, 'service'> },
): PushModule {
  const { config } = core;
  const vapid = loadOrCreateVapidKeys(config.dataDir);
  const rules = { allowLocal: config.webPushAllowLocal };
  const repo = createPushRepo(core.db);
  const push = createPushService({ repo, clock: core.clock, rules, publicKey: vapid.publicKey });
  const queue = createPushQueue({
    repo,
    presence: deps.presence.service,
    ignore: deps.ignore.service,
    send: createPushSender({ vapid, subject: `mailto:${config.contactEmail}`, rules }),
    clock: core.clock,
    onError: core.logError('push not sent'),
  });
  const stopSources = subscribePushSources({ bus: core.bus, queue, repo });
  return {
    name: 'push',
    queue,
    routes: (fastify, http) => registerPushRoutes(fastify, { push, cookies: http.cookies }),
    exportSections: { pushNotifications: (userId) => repo.exportRows(userId) },
    retention: [pushSubscriptionsRetention(core.db)],
    stop: stopSources,
    drain: () => queue.idle(),
  };
}
