/**
 * The one shape of a feature on the server. Each folder `modules/<name>/` has an `index.ts` whose
 * factory, `create<Name>Module(core, deps)`, builds one object of this shape from its service,
 * repo, presenter, routes, socket handlers and its own event-to-channel mapping. `app.ts` lists
 * the modules and calls each hook of every module in the list's order.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { createClient } from 'redis';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { DomainEventBus } from '../events/domain-events';
import type { SessionReader } from '../http/route';
import type { Live } from '../realtime/live';
import type { HandlerContext } from '../realtime/socket-handlers';
import type { AppSocket } from '../realtime/types';
import type { LiveUser } from './users';

/** Writes in flight: a graceful stop waits for them before the database closes. */
export interface Writes {
  track<T>(work: Promise<T>): Promise<T>;
  drain(): Promise<unknown>;
}

/** The shared pieces every module is built from (made once, by `core.ts`). */
export interface Core {
  config: Config;
  database: Database;
  db: Db;
  /** Set when REDIS_URL is: several nodes share presence, limits and broadcasts through it. */
  redis: ReturnType<typeof createClient> | undefined;
  bus: DomainEventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  writes: Writes;
  /** A handler for a failure nobody awaits: logged with `message`. */
  logError(message: string): (error: unknown) => void;
}

/** What every module's routes need: the session behind a request (the auth module's cookies). */
export interface HttpContext {
  cookies: SessionReader;
}

/**
 * One kind of stored thing and how long it is kept (the privacy page's promises). The retention
 * pass calls `sweep` repeatedly until it returns fewer than `batchSize`; each call deletes at most
 * `batchSize` rows older than the kind's period (with what hangs off them) and is safe when two
 * nodes run it at once.
 */
export interface RetentionRule {
  /** Shown in the pass's report, e.g. `roomMessages`. */
  readonly kind: string;
  sweep(now: Date, batchSize: number): Promise<number>;
  /**
   * Cleans up what the other rules' sweeps leave unreferenced (picture files): runs after every
   * rule without it, in the same pass.
   */
  readonly last?: boolean;
}

export interface Module {
  /** The folder's name. */
  readonly name: string;
  /** Reads what must be held before the server answers (a cache, a table reset) and starts timers. */
  start?(): Promise<void> | void;
  /** Registers its HTTP endpoints, each from the shared registry through `route()`. */
  routes?(fastify: FastifyInstance, http: HttpContext): Promise<void> | void;
  /**
   * Keeps the other nodes' copies of what it caches equal to the database. Runs for every module
   * before any `gateway`, so another node starts re-reading a change before its clients hear of it.
   */
  caches?(live: Live): void;
  /** Maps its domain events to socket channels: who hears what, on every node. */
  gateway?(live: Live): void;
  /** A socket has connected (the user is held by then): the channels it joins, its presence. */
  onConnect?(socket: AppSocket, user: LiveUser): void;
  /** Registers the handlers of its client events on a new socket (`handle()` from the registry). */
  sockets?(socket: AppSocket, ctx: HandlerContext): void;
  /** The socket has gone. */
  onDisconnect?(socket: AppSocket): void;
  /** What it adds to a user's data export, by section name (the privacy page's right of access). */
  exportSections?: Record<string, (userId: number) => Promise<unknown[]>>;
  /** How long what it stores is kept: the retention module runs every module's rules. */
  retention?: RetentionRule[];
  /** Cancels its timers and subscriptions; runs before sockets and HTTP close. */
  stop?(): void;
  /** Finishes what it still has to write; runs after sockets and HTTP closed, before the database. */
  drain?(): Promise<void>;
}
