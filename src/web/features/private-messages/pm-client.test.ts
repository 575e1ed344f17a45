import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryOutbox } from '../../realtime/outbox';
import { aMessage, aPublicUser, aSelfUser } from '../../testing/fixtures';
import { createSessionStore } from '../session/session-store';
import { PrivateMessagesClient, type PmRealtime } from './pm-client';
import { EMPTY_THREAD } from './pm-state';
import { pmDispatch, pmStore } from './pm-store';

const ME = 1;
const ALI = { id: 2, username: 'علي' };
const STYLE = { textColor: '#b91c1c', bold: true };

function setup() {
  const session = createSessionStore();
  session.signIn(aSelfUser(ME, { username: 'سارة' }));
  const outbox = new MemoryOutbox();
  const realtime: PmRealtime = { on: () => () => undefined, emit: vi.fn(), connected: true, outbox };
  return { client: new PrivateMessagesClient(realtime, session), outbox };
}

const thread = () => pmStore.getState().threads[ALI.id] ?? EMPTY_THREAD;

beforeEach(() => pmDispatch({ type: 'reset' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('sending private messages', () => {
  it('keeps a message written offline in the outbox, shown as sending, and sends it when the network is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = vi.fn((): Promise<Response> => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    const { client, outbox } = setup();

    expect(client.send(ALI, '  مرحبا يا علي  ', STYLE)).toBe(true);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect(await outbox.pending()).toHaveLength(1));
    const [queued] = await outbox.pending();
    expect(queued).toMatchObject({ kind: 'private', receiverId: ALI.id, roomId: 'private:2', content: 'مرحبا يا علي' });
    expect(thread().messages.map((m) => [m.content, m.pending])).toEqual([['مرحبا يا علي', true]]);

    // Back online: the same clientMessageId goes, and the stored message replaces the copy.
    const stored = aMessage(50, {
      content: 'مرحبا يا علي',
      senderId: ME,
      receiverId: ALI.id,
      isPrivate: true,
      roomId: null,
      sender: aPublicUser(ME),
      clientMessageId: queued!.id,
      textColor: '#b91c1c',
      bold: true,
    });
    fetchMock.mockImplementation(() => Promise.resolve(Response.json({ message: stored })));
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(async () => expect(await outbox.pending()).toHaveLength(0));
    const init = (fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toMatchObject({
      receiverId: ALI.id,
      content: 'مرحبا يا علي',
      clientMessageId: queued!.id,
      bold: true,
      textColor: '#b91c1c',
    });
    expect(thread().messages.map((m) => [m.id, m.pending ?? false])).toEqual([[50, false]]);
  });

  it('marks a refused message "not sent" with the reason, and takes it out of the outbox', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            { message: 'هذا الشخص لا يستقبل رسائل خاصة', code: 'PRIVATE_MESSAGES_CLOSED', error: 'Forbidden' },
            { status: 403 },
          ),
        ),
      ),
    );
    const { client, outbox } = setup();
    client.send(ALI, 'سلام', STYLE);
    await vi.waitFor(() => expect(thread().messages[0]?.failed).toBe(true));
    expect(thread().messages[0]?.failReason).toBe('هذا الشخص لا يستقبل رسائل خاصة');
    await vi.waitFor(async () => expect(await outbox.pending()).toHaveLength(0));
  });

  it('does not send an empty or over-long message', () => {
    const { client } = setup();
    expect(client.send(ALI, '   ', STYLE)).toBe(false);
    expect(client.send(ALI, 'ب'.repeat(1001), STYLE)).toBe(false);
    expect(thread().messages).toHaveLength(0);
  });
});
