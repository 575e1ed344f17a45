import type { DomainEventBus, DomainEvents } from '../events/domain-events';
import type { AppServer } from './types';

/**
 * What a module's `caches` and `gateway` hooks get once Socket.IO exists: the typed server to emit
 * on, the domain events to listen to (unsubscribed when the app stops), and the one relay by
 * which a node tells the others to read a record again.
 */
export interface Live {
  readonly io: AppServer;
  /** Several nodes share one adapter (Redis): what one node does, the others must hear. */
  readonly clustered: boolean;
  /** Listens to a domain event until the app stops. */
  on<K extends keyof DomainEvents>(name: K, handler: (payload: DomainEvents[K]) => void): void;
  /**
   * Registers a kind of cached record; the function returned tells every other node to call
   * `reload(id)` (nothing to tell when alone). The notice goes into the adapter's stream before
   * any broadcast made after it.
   */
  invalidation(kind: string, reload: (id: string) => Promise<void>): (id: string) => void;
  /** Logs a failure nobody awaits (a broadcast that needed a read first). */
  onError(error: unknown): void;
}

export function createLive(deps: {
  io: AppServer;
  bus: DomainEventBus;
  clustered: boolean;
  onError: (error: unknown) => void;
  /** Failures of a reload another node asked for. */
  onReloadError: (error: unknown) => void;
}): Live & { stop(): void } {
  const { io, bus, clustered } = deps;
  const offs: (() => void)[] = [];
  const reloaders = new Map<string, (id: string) => Promise<void>>();
  if (clustered)
    io.on('invalidate', ({ kind, id }) => {
      reloaders.get(kind)?.(id).catch(deps.onReloadError);
    });
  return {
    io,
    clustered,
    on(name, handler) {
      offs.push(bus.subscribe(name, handler));
    },
    invalidation(kind, reload) {
      reloaders.set(kind, reload);
      return (id) => {
        if (clustered) io.serverSideEmit('invalidate', { kind, id });
      };
    },
    onError: deps.onError,
    stop() {
      for (const off of offs.splice(0)) off();
    },
  };
}
