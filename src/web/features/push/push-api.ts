import { pushEndpoints, type PushSettings } from '../../../shared/api/push';
import { callApi } from '../../lib/api';

export const fetchPushState = () => callApi(pushEndpoints.state);

export const sendSubscription = (subscription: PushSubscriptionJSON) =>
  callApi(pushEndpoints.subscribe, {
    body: {
      endpoint: subscription.endpoint ?? '',
      keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
    },
  });

export const removeSubscription = (endpoint: string) => callApi(pushEndpoints.unsubscribe, { body: { endpoint } });

export const savePushSettings = (patch: Partial<PushSettings>) => callApi(pushEndpoints.settings, { body: patch });
