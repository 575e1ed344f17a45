import type { DomainEventBus } from '../events/domain-events';
import type { WordFilterService } from '../modules/abuse/word-filter.service';
import type { RoomsService } from '../modules/rooms/rooms.service';
import type { LiveUsers } from '../modules/users/live-users';
import type { AppServer } from './types';

/**
 * Keeps every node's copies (connected users' records, rooms) equal to the database. A change
 * applies to this node's copy at once; other nodes are told through the adapter to read the
 * changed record again. The notice goes into the same Redis stream as, and before, the gateway's
 * broadcast of the change, so a node has started re-reading before its clients hear of it, and
 * its checks wait for the fresh record.
 *
 * The word filter has no broadcast that could tell a node in time, so its change is acknowledged:
 * `syncWordFilter` resolves once every other node has read the new list.
 */
export function keepCachesCoherent(deps: {
  io: AppServer;
  bus: DomainEventBus;
  liveUsers: LiveUsers;
  rooms: RoomsService;
  words: Pick<WordFilterService, 'reload'>;
  /** Several nodes share an adapter (Redis); alone, there is nobody to tell. */
  clustered: boolean;
  onError: (error: unknown) => void;
}): { stop(): void; syncWordFilter(): Promise<void> } {
  const { io, bus, liveUsers, rooms, words, clustered } = deps;
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
    bus.subscribe('room.created', ({ room }) => tell('room', room.id)),
    bus.subscribe('room.deleted', ({ room }) => tell('room', room.id)),
  ];
  if (clustered) {
    io.on('invalidate', ({ kind, id }) => {
      const reloaded = kind === 'user' ? liveUsers.reload(Number(id)) : rooms.reload(id);
      reloaded.catch(deps.onError);
    });
    io.on('wordsChanged', (done) => {
      words.reload().then(
        () => done(true),
        (error: unknown) => {
          deps.onError(error);
          done(false);
        },
      );
    });
  }
  return {
    stop() {
      for (const off of offs) off();
    },
    /**
     * Has every other node read the word list again; resolves when they all answered. A node that
     * does not answer (the adapter gives up after 5 s) is logged, not waited for forever.
     */
    async syncWordFilter() {
      if (!clustered) return;
      await io.serverSideEmitWithAck('wordsChanged').catch(deps.onError);
    },
  };
}
