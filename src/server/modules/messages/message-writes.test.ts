import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aMember, startTestServer, type TestServer } from '../../testing/test-server';
import { createMessageIds, type MessageIds } from './message-ids';
import { createMessageWrites, type StoredMessage } from './message-writes';
import { createMessagesRepo, type MessagesRepo, type NewPublicMessage } from './messages.repo';

let server: TestServer;
let repo: MessagesRepo;
let ids: MessageIds;
let senderId: number;

beforeAll(async () => {
  server = await startTestServer();
  repo = createMessagesRepo(server.app.database.db);
  ids = createMessageIds(server.app.database.db, { shared: false });
  senderId = (await aMember(server, 'كاتب')).user.id;
});
afterAll(() => server?.close());

/** The real repo, with each statement's group of messages recorded. */
function recordingRepo() {
  const groups: number[] = [];
  return {
    groups,
    insertPublicMany(list: NewPublicMessage[]): Promise<StoredMessage[]> {
      groups.push(list.length);
      return repo.insertPublicMany(list);
    },
  };
}

async function aMessage(content: string, fields: Partial<NewPublicMessage> = {}): Promise<NewPublicMessage> {
  return {
    id: await ids.next(),
    roomId: 'general',
    senderId,
    content,
    messageType: 'text',
    textColor: null,
    bold: false,
    clientMessageId: null,
    attachments: [],
    createdAt: new Date(server.clock.now()),
    ...fields,
  };
}

async function storedContents(): Promise<string[]> {
  return (await repo.latestInRoom('general', 100)).map((r) => r.message.content);
}

describe('room messages written in groups', () => {
  it('writes the messages posted within the linger in one statement, and answers each', async () => {
    const recording = recordingRepo();
    const writes = createMessageWrites(recording, { lingerMs: 30 });
    const list = await Promise.all(['أ', 'ب', 'ج', 'د'].map((c) => aMessage(`معاً ${c}`)));
    const stored = await Promise.all(list.map((m) => writes.store(m)));
    expect(recording.groups).toEqual([4]);
    expect(stored.map((s) => [s.row.id, s.created])).toEqual(list.map((m) => [m.id, true]));
    expect(await storedContents()).toEqual(expect.arrayContaining(list.map((m) => m.content)));
  });

  it('writes what arrives during a write as the next group, and never more than a group holds', async () => {
    const recording = recordingRepo();
    const writes = createMessageWrites(recording, { lingerMs: 0, batch: 3 });
    const list = await Promise.all(Array.from({ length: 7 }, (_, i) => aMessage(`دفعات ${i}`)));
    await Promise.all(list.map((m) => writes.store(m)));
    expect(recording.groups.reduce((a, b) => a + b, 0)).toBe(7);
    expect(Math.max(...recording.groups)).toBeLessThanOrEqual(3);
  });

  it('answers a retry already stored with the stored row, in the same group as new ones', async () => {
    const first = await aMessage('مرة واحدة', { clientMessageId: 'once-1' });
    await repo.insertPublic(first);
    const writes = createMessageWrites(recordingRepo(), { lingerMs: 30 });
    const retry = await aMessage('مرة واحدة', { clientMessageId: 'once-1' });
    const fresh = await aMessage('جديدة', { clientMessageId: 'fresh-1' });
    const [again, created] = await Promise.all([writes.store(retry), writes.store(fresh)]);
    expect(again).toMatchObject({ created: false, row: { id: first.id } });
    expect(created).toMatchObject({ created: true, row: { id: fresh.id, content: 'جديدة' } });
  });

  it('refuses only the message the database refuses, and stores the rest of its group', async () => {
    const writes = createMessageWrites(recordingRepo(), { lingerMs: 30 });
    const good = await aMessage('سليمة');
    const bad = await aMessage('في غرفة لا وجود لها', { roomId: 'no-such-room' });
    const [ok, refused] = await Promise.allSettled([writes.store(good), writes.store(bad)]);
    expect(ok.status).toBe('fulfilled');
    expect(refused.status).toBe('rejected');
    expect(await storedContents()).toContain('سليمة');
  });
});
