import { isDatabaseUnavailable } from '../../db/unavailable';
import type { MessageRow } from '../../db/schema';
import type { NewPublicMessage } from './messages.repo';

export interface StoredMessage {
  row: MessageRow;
  created: boolean;
}

/** Most room messages written in one statement. */
export const MESSAGE_WRITE_BATCH = 100;

/**
 * Room messages are written in small groups: the first message of a group waits `lingerMs` for
 * others, then all go in one statement and one commit (one round trip and one wait for the disk,
 * instead of one per message). Nobody sees the wait: the room heard each message before its write
 * (`message.posted`); only the sender's acknowledgement, which means "stored", comes after it.
 * Writes go one group at a time; what arrives meanwhile forms the next group.
 */
export function createMessageWrites(
  repo: { insertPublicMany(list: NewPublicMessage[]): Promise<StoredMessage[]> },
  options: { lingerMs: number; batch?: number },
) {
  const batchSize = options.batch ?? MESSAGE_WRITE_BATCH;
  interface Waiting {
    values: NewPublicMessage;
    resolve(stored: StoredMessage): void;
    reject(error: unknown): void;
  }
  let queue: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing = false;

  function schedule(): void {
    if (timer || writing || queue.length === 0) return;
    // Not unref'd: a graceful stop waits for these writes (core `writes`), so the timer must fire.
    timer = setTimeout(flush, options.lingerMs);
  }

  function flush(): void {
    timer = undefined;
    const group = queue.slice(0, batchSize);
    queue = queue.slice(group.length);
    writing = true;
    void write(group).finally(() => {
      writing = false;
      schedule();
    });
  }

  async function write(group: Waiting[]): Promise<void> {
    try {
      const stored = await repo.insertPublicMany(group.map((w) => w.values));
      group.forEach((w, i) => w.resolve(stored[i]!));
    } catch (error) {
      if (group.length === 1 || isDatabaseUnavailable(error)) {
        for (const w of group) w.reject(error);
        return;
      }
      // One row the database refuses must not sink the others: each is tried alone.
      await Promise.all(
        group.map((w) => repo.insertPublicMany([w.values]).then((stored) => w.resolve(stored[0]!), w.reject)),
      );
    }
  }

  return {
    store(values: NewPublicMessage): Promise<StoredMessage> {
      return new Promise((resolve, reject) => {
        queue.push({ values, resolve, reject });
        schedule();
      });
    },
  };
}

export type MessageWrites = ReturnType<typeof createMessageWrites>;
