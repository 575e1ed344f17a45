import type { DomainEventBus } from '../events/domain-events';
import type { RoomsService } from '../modules/rooms/rooms.service';
import type { LiveUsers } from '../modules/users/live-users';
import type { AppServer } from './types';

/**
 * Keeps every node's copies (connected users' records, rooms) equal to the database. A change
 * applies to this node's copy at once; other nodes are told through the adapter to read the
 * changed record again. The notice goes into the same Redis stream as, and before, the gateway's
 * broadcast of the change, so a node has started re-reading before its clients hear of it, and
 * its checks wait for the fresh record.
 */
export function keepCachesCoherent(deps: {
  io: AppServer;
  bus: DomainEventBus;
  liveUsers: LiveUsers;
  rooms: RoomsService;
  /** Several nodes share an adapter (Redis); alone, there is nobody to tell. */
  clustered: boolean;
  onError: (error: unknown) => void;
}): () => void {
  const { io, bus, liveUsers, rooms, clustered } = deps;
  const tell = (kind: 'user' | 'room', id: string) => {
    if (clustered) io.serverSideEmit('invalidate', { kind, id });
  };
  const offs = [
    bus.subscribe('user.changed', ({ user }) => {
      liveUsers.update(user);
      tell('user', String(user.id));
    }),
    // The rooms service has already applied the change to this node's copy.
    bus.subscribe('room.changed', ({ room }) => tell('room', room.id)),
    // Sanctions live with the user's record: re-read it here and everywhere.
    ...(['user.sanctioned', 'user.sanctionLifted'] as const).map((name) =>
      bus.subscribe(name, ({ target }) => {
        liveUsers.reload(target.id).catch(deps.onError);
        tell('user', String(target.id));
      }),
    ),
  ];
  if (clustered) {
    io.on('invalidate', ({ kind, id }) => {
      const reloaded = kind === 'user' ? liveUsers.reload(Number(id)) : rooms.reload(id);
      reloaded.catch(deps.onError);
    });
  }
  return () => {
    for (const off of offs) off();
  };
}
