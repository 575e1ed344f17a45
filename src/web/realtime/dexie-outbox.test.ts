import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DexieOutbox } from './dexie-outbox';
import { OUTBOX_TTL_MS, type QueuedMessage } from './outbox';
import { forgetUserData } from '../lib/user-data';
import { UserDatabase } from './user-database';
import { aQueuedMessage } from '../testing/fixtures';

/** A plain queued message made at t = 1000 ms (the expiry tests count from there). */
const entry = (id: string, fields: Partial<QueuedMessage> = {}): QueuedMessage =>
  aQueuedMessage(id, { createdAt: 1_000, senderId: 7, content: `text ${id}`, textColor: null, bold: false, ...fields });

const opened: UserDatabase[] = [];
function database(userId = 7): UserDatabase {
  const db = new UserDatabase(userId);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  forgetUserData(7);
  forgetUserData(8);
});

describe('DexieOutbox', () => {
  it('keeps every field of a queued message across a new page (a new database handle)', async () => {
    const first = new DexieOutbox(database(), () => 2_000);
    const styled = entry('a', { textColor: '#b91c1c', bold: true, content: 'مرحبا' });
    await first.put(styled);
    const reopened = new DexieOutbox(database(), () => 2_000);
    expect(await reopened.pending()).toEqual([styled]);
    expect(await reopened.get('a')).toEqual(styled);
    await reopened.remove('a');
    expect(await first.pending()).toEqual([]);
  });

  it('replaces an entry put again under the same id (a retry) instead of keeping two', async () => {
    const outbox = new DexieOutbox(database(), () => 5_000);
    await outbox.put(entry('a', { content: 'first' }));
    await outbox.put(entry('a', { content: 'again', createdAt: 3_000 }));
    expect(await outbox.pending()).toEqual([entry('a', { content: 'again', createdAt: 3_000 })]);
  });

  it('lists one room oldest first, whatever the order they were put in', async () => {
    const outbox = new DexieOutbox(database(), () => 10_000);
    await outbox.put(entry('late', { createdAt: 3_000 }));
    await outbox.put(entry('other', { createdAt: 1_000, roomId: 'egypt' }));
    await outbox.put(entry('early', { createdAt: 2_000 }));
    expect((await outbox.pending('general')).map((e) => e.id)).toEqual(['early', 'late']);
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['other', 'early', 'late']);
  });

  it('drops entries older than 12 hours (spec §9)', async () => {
    let now = 5_000;
    const outbox = new DexieOutbox(database(), () => now);
    await outbox.put(entry('old', { createdAt: 4_000 }));
    await outbox.put(entry('new', { createdAt: 4_500 }));
    now = 4_000 + OUTBOX_TTL_MS + 1;
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['new']);
    expect(await outbox.get('old')).toBeUndefined();
  });

  it('is per user, and forgotten on logout', async () => {
    const mine = new DexieOutbox(database(7), () => 2_000);
    const theirs = new DexieOutbox(database(8), () => 2_000);
    await mine.put(entry('a'));
    await theirs.put(entry('b', { senderId: 8 }));
    expect((await theirs.pending()).map((e) => e.id)).toEqual(['b']);
    for (const db of opened.splice(0)) db.close();
    forgetUserData(7);
    expect(await new DexieOutbox(database(7), () => 2_000).pending()).toEqual([]);
    expect((await new DexieOutbox(database(8), () => 2_000).pending()).map((e) => e.id)).toEqual(['b']);
  });

  it('falls back to memory when IndexedDB refuses, losing nothing written afterwards', async () => {
    // A closed handle refuses every operation, as a blocked IndexedDB would.
    const outbox = new DexieOutbox(new UserDatabase(7, { autoOpen: false }), () => 2_000);
    await outbox.put(entry('a'));
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['a']);
    await outbox.remove('a');
    expect(await outbox.pending()).toEqual([]);
  });
});
