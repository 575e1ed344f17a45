import type { PushPayload } from '../../../shared/api/push';
import type { Clock } from '../../clock';
import type { IgnoreService } from '../ignore';
import type { PresenceService } from '../presence';
import type { PushRepo } from './push.repo';
import type { PushOutcome, PushSend } from './push.sender';

/** Something that may reach a person's devices: what it says without and with a preview. */
export interface PushEvent {
  recipientId: number;
  actorId: number;
  type: PushPayload['type'];
  title: string;
  /** The start of the message's words, shown only to those who allowed previews. */
  preview: string;
  url: string;
  tag: string;
}

/** Events taken per round: one query for their subscriptions, one presence look-up. */
const BATCH = 100;
/** Pushes in flight at once. */
const PARALLEL = 16;
/** Queued events at most: past this (push services far behind), the oldest are dropped. */
const MAX_QUEUED = 20_000;

/**
 * The queue between what happens and the push services: events are queued by the node where they
 * happened (the domain bus is per node, so one push per event however many nodes run) and sent
 * after the request that caused them has been answered. Each round drops what must not be sent
 * (no subscription or push off, the person has a page open on any node, ignores the sender) and
 * forgets subscriptions the push service says are gone (404, 410).
 */
export function createPushQueue(deps: {
  repo: PushRepo;
  presence: Pick<PresenceService, 'onlineUserIds'>;
  ignore: Pick<IgnoreService, 'ignores'>;
  send: PushSend;
  clock: Clock;
  onError: (error: unknown) => void;
}) {
  const { repo, presence, ignore, send, clock } = deps;
  /** Events, or work that finds them (the people a message mentions), done in the round. */
  const queue: (PushEvent | (() => Promise<PushEvent[]>))[] = [];
  let running: Promise<void> | null = null;

  async function sendAll(jobs: { id: number; run: () => Promise<PushOutcome> }[]) {
    const gone: number[] = [];
    const delivered: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const outcome = await job.run().catch(() => 'failed' as const);
        if (outcome === 'gone') gone.push(job.id);
        else if (outcome === 'delivered') delivered.push(job.id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
    await repo.remove(gone);
    await repo.touch(delivered, new Date(clock.now()));
  }

  async function round(events: PushEvent[]): Promise<void> {
    const targets = await repo.targets([...new Set(events.map((e) => e.recipientId))]);
    if (targets.length === 0) return;
    const withDevices = events.filter((e) => targets.some((t) => t.userId === e.recipientId));
    const online = await presence.onlineUserIds([...new Set(withDevices.map((e) => e.recipientId))]);
    const jobs: { id: number; run: () => Promise<PushOutcome> }[] = [];
    for (const event of withDevices) {
      if (online.has(event.recipientId) || event.actorId === event.recipientId) continue;
      if (await ignore.ignores(event.recipientId, event.actorId)) continue;
      for (const target of targets) {
        if (target.userId !== event.recipientId) continue;
        const payload: PushPayload = {
          type: event.type,
          title: event.title,
          body: target.preview ? event.preview : '',
          url: event.url,
          tag: event.tag,
        };
        jobs.push({ id: target.id, run: () => send(target, JSON.stringify(payload)) });
      }
    }
    await sendAll(jobs);
  }

  async function drainQueue(): Promise<void> {
    // Off the request path: the event's publisher has returned before the first round starts.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length) {
      const taken = queue.splice(0, BATCH);
      const events: PushEvent[] = [];
      for (const item of taken)
        if (typeof item === 'function')
          events.push(...(await item().catch((error: unknown) => (deps.onError(error), []))));
        else events.push(item);
      await round(events).catch(deps.onError);
    }
  }

  function kick(): void {
    if (running) return;
    running = drainQueue().finally(() => {
      running = null;
      if (queue.length) kick();
    });
  }

  return {
    enqueue(event: PushEvent | (() => Promise<PushEvent[]>)): void {
      queue.push(event);
      if (queue.length > MAX_QUEUED) {
        queue.splice(0, queue.length - MAX_QUEUED);
        deps.onError(new Error(`push queue over ${MAX_QUEUED}: the oldest were dropped`));
      }
      kick();
    },
    /** Resolves once every queued event has been sent or dropped (tests; a graceful stop). */
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}

export type PushQueue = ReturnType<typeof createPushQueue>;
