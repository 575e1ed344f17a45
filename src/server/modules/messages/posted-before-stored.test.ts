import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import {
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

// The room hears a message while its row commits; the sender's answer waits for the commit.
let server: TestServer;
let salma: SignedInClient;
let hadi: SignedInClient;
let salmaSocket: ClientSocket;
let hadiSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [salma, hadi] = await Promise.all([
    enterAsGuest(server.url, 'سلمى', { gender: 'أنثى' }),
    enterAsGuest(server.url, 'هادي'),
  ]);
  [salmaSocket, hadiSocket] = await Promise.all([connect(server.url, salma.cookie), connect(server.url, hadi.cookie)]);
  await Promise.all([joinRoom(salmaSocket, 'general'), joinRoom(hadiSocket, 'general')]);
});

afterAll(async () => {
  salmaSocket?.close();
  hadiSocket?.close();
  await server?.close();
});

beforeEach(() => server.clock.advance(60_000));

const db = () => server.app.database.db;

/** Makes the database refuse to store messages with this text, as if it had gone away mid-write. */
async function failWritesOf(content: string | null) {
  await db().execute(sql.raw('drop trigger if exists refuse_message on messages'));
  if (content === null) return;
  await db().execute(
    sql.raw(`create or replace function refuse_message() returns trigger language plpgsql as $$
      begin
        if new.content = '${content}' then raise exception 'connection lost' using errcode = '08006'; end if;
        return new;
      end $$`),
  );
  await db().execute(
    sql.raw('create trigger refuse_message before insert on messages for each row execute function refuse_message()'),
  );
}

async function latest(): Promise<Message[]> {
  const reply = await api(server.url, '/api/messages/room/general/latest?limit=50', { cookie: hadi.cookie });
  return reply.body.messages as Message[];
}

describe('a room message heard before it is stored', () => {
  it('is heard exactly as history later lists it', async () => {
    const heard = nextEnvelope(hadiSocket, 'newMessage', (e) => e.message.content === 'كما هي');
    const reply = await salmaSocket.timeout(3000).emitWithAck('publicMessage', {
      roomId: 'general',
      content: 'كما هي',
      textColor: '#aa3300',
      bold: true,
      clientMessageId: 'as-stored-1',
    });
    const { message } = await heard;
    expect(reply.ok && reply.message).toEqual(message);
    const stored = (await latest()).find((m) => m.id === message.id);
    // History completes the sender and the quote as they are now; the rest is the message itself.
    const { sender: storedSender, replyTo, ...storedRest } = stored!;
    const { sender, ...heardRest } = message;
    expect(storedRest).toEqual(heardRest);
    expect(replyTo).toBeNull();
    expect(storedSender?.id).toBe(sender?.id);
    expect(heardRest).toMatchObject({ textColor: '#aa3300', bold: true, clientMessageId: 'as-stored-1' });
  });

  it('keeps the order it was posted in, in ids and in history', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const reply = await salmaSocket
        .timeout(3000)
        .emitWithAck('publicMessage', { roomId: 'general', content: `بالترتيب ${i}` });
      if (reply.ok) ids.push(reply.message.id);
      await server.clock.advance(3000);
    }
    expect(ids).toHaveLength(4);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const listed = (await latest()).filter((m) => m.content.startsWith('بالترتيب')).map((m) => m.content);
    expect(listed).toEqual(['بالترتيب 1', 'بالترتيب 2', 'بالترتيب 3', 'بالترتيب 4']);
  });

  it('is taken back from the room when it cannot be stored, and the sender may send it again', async () => {
    await failWritesOf('لن تُحفظ');
    const seen = recordEnvelopes(hadiSocket);
    const withdrawn = nextEnvelope(hadiSocket, 'messageDeleted', (e) => e.withdrawn === true);
    const reply = await salmaSocket
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'general', content: 'لن تُحفظ', clientMessageId: 'lost-1' });
    expect(reply).toMatchObject({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
    });
    const { messageId } = await withdrawn;
    const announced = seen.find((e) => e.type === 'newMessage' && e.message.content === 'لن تُحفظ');
    expect(announced?.type === 'newMessage' && announced.message.id).toBe(messageId);
    expect((await latest()).some((m) => m.content === 'لن تُحفظ')).toBe(false);

    // The database is back: the page's retry (same clientMessageId) is stored, under a new id.
    await failWritesOf(null);
    const again = await salmaSocket
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'general', content: 'لن تُحفظ', clientMessageId: 'lost-1' });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.message.id).not.toBe(messageId);
    const stored = (await latest()).filter((m) => m.content === 'لن تُحفظ');
    expect(stored.map((m) => m.id)).toEqual([again.message.id]);
  });

  it('does not count a message it could not store against the sender (flood control)', async () => {
    await failWritesOf('مرة بعد مرة');
    // Visitors may send 5 in 10 s: six failures must leave all five.
    for (let i = 0; i < 6; i++) {
      const reply = await salmaSocket
        .timeout(3000)
        .emitWithAck('publicMessage', { roomId: 'general', content: 'مرة بعد مرة', clientMessageId: `again-${i}` });
      expect(reply.ok === false && reply.code).toBe('SERVICE_UNAVAILABLE');
    }
    await failWritesOf(null);
    for (let i = 0; i < 5; i++) {
      const reply = await salmaSocket
        .timeout(3000)
        .emitWithAck('publicMessage', { roomId: 'general', content: `بعد العودة ${i}` });
      expect(reply.ok).toBe(true);
    }
    await settled(hadiSocket);
  });
});
