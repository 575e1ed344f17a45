import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createMessageIds } from './message-ids';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.app.database.db;

/** What the table itself would give the next message stored without an id (a private message). */
async function identityNext(): Promise<number> {
  const result = await db().execute(sql`select nextval('messages_id_seq') as id`);
  return Number((result as unknown as { rows: { id: string }[] }).rows[0]!.id);
}

async function take(ids: { next(): Promise<number> }, count: number): Promise<number[]> {
  const taken: number[] = [];
  for (let i = 0; i < count; i++) taken.push(await ids.next());
  return taken;
}

const increasing = (list: number[]) => list.every((id, i) => i === 0 || id > list[i - 1]!);

describe('message ids taken before the write', () => {
  it('a node alone takes them in blocks, in order, across several blocks', async () => {
    const ids = createMessageIds(db(), { shared: false, block: 4 });
    const taken = await take(ids, 11);
    expect(new Set(taken).size).toBe(11);
    expect(increasing(taken)).toBe(true);
  });

  it('hands out distinct ids in call order to messages posted at the same moment', async () => {
    const ids = createMessageIds(db(), { shared: false, block: 4 });
    const taken = await Promise.all(Array.from({ length: 20 }, () => ids.next()));
    expect(new Set(taken).size).toBe(20);
    expect(increasing(taken)).toBe(true);
  });

  it('after a restart gives ids above everything handed out before, and never one the table gives itself', async () => {
    const before = createMessageIds(db(), { shared: false, block: 8 });
    const first = await take(before, 3);
    const byTable = await identityNext();
    expect(first).not.toContain(byTable);
    const restarted = createMessageIds(db(), { shared: false, block: 8 });
    const [next] = await take(restarted, 1);
    // The first node's unused ids (5 of its block) are skipped, not reused.
    expect(next).toBeGreaterThan(Math.max(...first, byTable));
  });

  it('nodes sharing the database take each id when it is needed, so they interleave in time order', async () => {
    const a = createMessageIds(db(), { shared: true });
    const b = createMessageIds(db(), { shared: true });
    const taken = [await a.next(), await b.next(), await a.next(), await b.next()];
    expect(increasing(taken)).toBe(true);
  });
});
