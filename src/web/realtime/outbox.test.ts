import { describe, expect, it } from 'vitest';
import { MemoryOutbox, OUTBOX_TTL_MS, type QueuedMessage } from './outbox';
import { aQueuedMessage } from '../testing/fixtures';

/** A plain queued message made at t = 1000 ms (the expiry tests count from there). */
const entry = (id: string, fields: Partial<QueuedMessage> = {}): QueuedMessage =>
  aQueuedMessage(id, { createdAt: 1_000, senderId: 7, content: `text ${id}`, textColor: null, bold: false, ...fields });

describe('MemoryOutbox', () => {
  it('keeps entries by clientMessageId until removed', async () => {
    const outbox = new MemoryOutbox(() => 2_000);
    await outbox.put(entry('a'));
    await outbox.put(entry('b'));
    expect(await outbox.get('a')).toMatchObject({ content: 'text a' });
    await outbox.remove('a');
    expect(await outbox.get('a')).toBeUndefined();
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['b']);
  });

  it('replaces an entry put again under the same id (a retry) instead of keeping two', async () => {
    const outbox = new MemoryOutbox(() => 2_000);
    await outbox.put(entry('a', { content: 'first' }));
    await outbox.put(entry('a', { content: 'again' }));
    expect(await outbox.pending()).toEqual([entry('a', { content: 'again' })]);
  });

  it('lists one room oldest first', async () => {
    const outbox = new MemoryOutbox(() => 10_000);
    await outbox.put(entry('late', { createdAt: 3_000 }));
    await outbox.put(entry('other', { createdAt: 1_000, roomId: 'egypt' }));
    await outbox.put(entry('early', { createdAt: 2_000 }));
    expect((await outbox.pending('general')).map((e) => e.id)).toEqual(['early', 'late']);
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['other', 'early', 'late']);
  });

  it('drops entries older than 12 hours (spec §9)', async () => {
    let now = 5_000;
    const outbox = new MemoryOutbox(() => now);
    await outbox.put(entry('old', { createdAt: 4_000 }));
    await outbox.put(entry('new', { createdAt: 4_500 }));
    now = 4_000 + OUTBOX_TTL_MS + 1;
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['new']);
    expect(await outbox.get('old')).toBeUndefined();
  });
});
