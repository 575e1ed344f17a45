/**
 * Services publish what happened; whoever cares subscribes (the realtime gateway, live-user and
 * room caches, the cluster relay). Delivery is synchronous and in subscription order, so by the
 * time a service call returns, every local consequence of its event has been applied.
 */
export interface EventBus<Events extends object> {
  publish<K extends keyof Events>(name: K, payload: Events[K]): void;
  subscribe<K extends keyof Events>(name: K, handler: (payload: Events[K]) => void): () => void;
}

export function createEventBus<Events extends object>(
  onError: (error: unknown, name: string) => void,
): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    publish(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        // One failing subscriber must not stop the others, nor fail the service that published.
        try {
          (handler as (payload: Events[typeof name]) => void)(payload);
        } catch (error) {
          onError(error, String(name));
        }
      }
    },
    subscribe(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
  };
}
