import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Where a room message gets its id before its row is written, so that the room can hear it
 * while the row commits (the commit waits for the disk). Ids keep the order messages are posted
 * in, which history pages and the polling fallback's `/since` rely on.
 *
 * - A node alone (no Redis) takes ids from the sequence in blocks, ahead of need: most messages
 *   then get theirs with no round trip. Ids a node did not use before a restart are skipped.
 * - Nodes sharing a database (Redis set) take each id from the sequence when it is needed: blocks
 *   held by two nodes would interleave, and a later message on one node could get a smaller id
 *   than an earlier one on the other.
 */
export interface MessageIds {
  next(): Promise<number>;
}

/** Ids a node alone takes at a time; the next block is fetched when half of one is left. */
export const MESSAGE_ID_BLOCK = 64;

const SEQUENCE = sql.raw(`'messages_id_seq'`);

async function takeIds(db: Db, count: number): Promise<number[]> {
  const result = await db.execute(sql`select nextval(${SEQUENCE}) as id from generate_series(1, ${count}::int)`);
  const rows = (result as unknown as { rows: { id: string | number }[] }).rows;
  // nextval is bigint: the drivers give it as text. Message ids stay within Number.MAX_SAFE_INTEGER.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export function createMessageIds(db: Db, options: { shared: boolean; block?: number }): MessageIds {
  if (options.shared)
    return {
      async next() {
        const [id] = await takeIds(db, 1);
        return id!;
      },
    };
  const block = options.block ?? MESSAGE_ID_BLOCK;
  let ids: number[] = [];
  let used = 0;
  let refill: Promise<void> | undefined;

  function fetchMore(): Promise<void> {
    refill ??= takeIds(db, block)
      .then((more) => {
        // Each block comes after the last (the sequence only grows), so the ids stay in order.
        ids = [...ids.slice(used), ...more];
        used = 0;
      })
      .finally(() => (refill = undefined));
    return refill;
  }

  return {
    async next() {
      while (used >= ids.length) await fetchMore();
      const id = ids[used++]!;
      if (ids.length - used < block / 2) fetchMore().catch(() => undefined);
      return id;
    },
  };
}
