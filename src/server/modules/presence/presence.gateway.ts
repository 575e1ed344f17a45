import type { Clock } from '../../clock';
import type { Live } from '../../realtime/live';
import { createPresenceBroadcaster } from './presence-broadcaster';
import type { PresenceService } from './presence.service';
import { createRoomCountBroadcaster } from './room-counts';

/** Arrivals and departures in one room within this window go out as one broadcast. */
const PRESENCE_BATCH_MS = 250;
/** In a big room, at most one summary of arrivals and departures per this window. */
const BIG_ROOM_BATCH_MS = 1000;
/** A big room's summary names at most this many arrivals and departures. */
const NAMED_IN_SUMMARY = { joined: 20, left: 100 };

/**
 * Who hears presence: a room its arrivals and departures (batched; hidden staff come and go
 * unseen), everyone the rooms' live counts (at most once per interval per room).
 */
export function createPresenceGateway(
  live: Live,
  deps: { presence: PresenceService; clock: Clock; roomCountFlushMs: number; pageSize: number },
): { stop(): void } {
  const arrivals = createPresenceBroadcaster(live.io, deps.clock, {
    windowMs: PRESENCE_BATCH_MS,
    bigWindowMs: BIG_ROOM_BATCH_MS,
    pageSize: deps.pageSize,
    maxNamed: NAMED_IN_SUMMARY,
    sizeOf: (roomId) => deps.presence.roomSize(roomId),
  });
  const counts = createRoomCountBroadcaster(live.io, deps.presence, deps.roomCountFlushMs, deps.clock);
  live.on('presence.entered', ({ roomId, user }) => {
    if (!user.isHidden) arrivals.entered(roomId, user);
  });
  live.on('presence.left', ({ roomId, user }) => {
    if (!user.isHidden) arrivals.left(roomId, user);
  });
  live.on('room.countChanged', ({ roomId }) => counts.markChanged(roomId));
  return {
    stop() {
      arrivals.stop();
      counts.stop();
    },
  };
}
