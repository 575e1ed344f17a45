import { PUSH_SUBSCRIPTIONS_PER_USER, type PushSettings, type PushSubscriptionBody } from '../../../shared/api/push';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { checkEndpoint, type EndpointRules } from './endpoint-guard';
import type { PushRepo } from './push.repo';

/** A person's devices and settings for notifications while no tab is open. */
export function createPushService(deps: { repo: PushRepo; clock: Clock; rules: EndpointRules; publicKey: string }) {
  const { repo, clock, rules } = deps;
  return {
    async state(userId: number) {
      const [settings, devices] = await Promise.all([repo.settings(userId), repo.deviceCount(userId)]);
      return { publicKey: deps.publicKey, settings, devices };
    },

    /** Subscribes a device (at most PUSH_SUBSCRIPTIONS_PER_USER) and turns push on for the person. */
    async subscribe(userId: number, body: PushSubscriptionBody): Promise<void> {
      try {
        await checkEndpoint(body.endpoint, rules);
      } catch {
        throw new AppError('PUSH_ENDPOINT_REFUSED', 400);
      }
      if ((await repo.deviceCount(userId, body.endpoint)) >= PUSH_SUBSCRIPTIONS_PER_USER)
        throw new AppError('PUSH_TOO_MANY_DEVICES', 409);
      await repo.subscribe({
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        at: new Date(clock.now()),
      });
      // Subscribing is asking for them: on again if the person had turned them off.
      if (!(await repo.settings(userId)).enabled) await repo.setSettings(userId, { enabled: true });
    },

    unsubscribe: (userId: number, endpoint: string) => repo.unsubscribe(userId, endpoint),

    async setSettings(userId: number, patch: Partial<PushSettings>): Promise<PushSettings> {
      const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      if (Object.keys(clean).length === 0) return repo.settings(userId);
      return repo.setSettings(userId, clean);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
