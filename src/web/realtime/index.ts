/**
 * The browser's realtime core, its one public face. Features hear the server with `on(type,
 * handler)` (or `useLiveEvent` in a component), send with `emit` / `request`, queue through the
 * shared `outbox`, and read the link's state; the core imports no feature (eslint.config.js).
 */
export { Realtime, type PollTarget, type RealtimeOptions } from './realtime';
export {
  combine,
  type LinkEvents,
  type LiveEventType,
  type LiveHandler,
  type LivePayload,
  type ServerEventType,
  type Unsubscribe,
} from './live-events';
export { type LinkRefusal, type LinkState, type LinkStatus } from './link-state';
export { RealtimeContext, useLinkState, useLiveEvent, useRealtime } from './realtime-context';
export { OUTBOX_FLUSH_LIMIT, type Outbox, type QueuedMessage } from './outbox';
export { type RoomCache } from './room-cache';
export { type NetworkHealthState, type HealthScore, type HealthTransport } from './network-health';
export { type PollResult } from './fallback-poller';
export { type FallbackHttp } from './fallback-http';
export { type PageLifecycle } from './page-lifecycle';
export { type AppSocket } from './socket-link';
