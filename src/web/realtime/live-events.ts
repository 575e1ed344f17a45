import type {
  ConnectRefusal,
  Envelope,
  EnvelopeType,
  ServerEventName,
  ServerPayload,
} from '../../shared/realtime/protocol';

/** The socket link's own moments, heard beside the server's events (names with a `link:` prefix). */
export interface LinkEvents {
  /** The socket connected (again); `auth` goes right after. */
  'link:up': undefined;
  /** The socket dropped, whatever the reason (a halt after a sanction included). */
  'link:down': { reason: string };
  /** The server refused the connection and said why (a sanction, an old page, a dead session…). */
  'link:refused': ConnectRefusal;
}

/** The server's top-level events, the `message` envelope itself excepted (its types are heard one by one). */
export type ServerEventType = Exclude<ServerEventName, 'message'>;

/**
 * Everything a feature may hear, by name: a server event of the registry (`roomUpdate`,
 * `privateMessage`, `micApproved`…), a `message` envelope type (`newMessage`, `friendAdded`,
 * `site_theme_update`…) or one of the link's own moments.
 */
export type LiveEventType = ServerEventType | EnvelopeType | keyof LinkEvents;

/** What a handler of `T` receives: the event's payload, or the whole envelope (with its `type`). */
export type LivePayload<T extends LiveEventType> = T extends EnvelopeType
  ? Envelope<T>
  : T extends ServerEventType
    ? ServerPayload<T>
    : T extends keyof LinkEvents
      ? LinkEvents[T]
      : never;

export type LiveHandler<T extends LiveEventType> = (payload: LivePayload<T>) => void;
export type Unsubscribe = () => void;

type Assert<T extends true> = T;
/** Fails to compile if the registry ever gives an event and an envelope type the same name. */
export type NamesAreDistinct = Assert<
  [Extract<ServerEventName, EnvelopeType | keyof LinkEvents>] extends [never] ? true : false
>;

/** One unsubscribe for several subscriptions. */
export function combine(stops: readonly Unsubscribe[]): Unsubscribe {
  return () => stops.forEach((stop) => stop());
}

/**
 * The one table of live handlers, by event name. The socket feeds it everything it hears
 * (`fromSocket`); the core feeds it the link's moments and what the polling fallback fetched.
 */
export class LiveEvents {
  private readonly handlers = new Map<LiveEventType, Set<(payload: never) => void>>();

  on<T extends LiveEventType>(type: T, handler: LiveHandler<T>): Unsubscribe {
    let handlers = this.handlers.get(type);
    if (!handlers) this.handlers.set(type, (handlers = new Set()));
    // A handler registered twice is called twice, as with the socket's own `on`.
    const entry = (payload: never) => handler(payload);
    handlers.add(entry);
    return () => void handlers.delete(entry);
  }

  /**
   * Calls each handler of `type` in the order they registered. One that throws does not keep the
   * others from hearing the event; its error is reported on its own.
   */
  deliver<T extends LiveEventType>(type: T, payload: LivePayload<T>): void {
    const handlers = this.handlers.get(type);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        (handler as LiveHandler<T>)(payload);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** An event as Socket.IO hands it over (`onAny`): an envelope goes by its own type. */
  readonly fromSocket = (event: string, payload: unknown): void => {
    if (event.startsWith('link:')) return; // the link's names are the core's, never the server's
    if (event === 'message') {
      const envelope = payload as Envelope<EnvelopeType>;
      if (envelope && typeof envelope.type === 'string') this.deliver(envelope.type, envelope);
      return;
    }
    this.deliver(event as ServerEventType, payload as LivePayload<ServerEventType>);
  };
}
