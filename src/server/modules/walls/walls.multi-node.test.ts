import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendRequest } from '../../../shared/api/friends';
import type { WallPost } from '../../../shared/api/walls';
import {
  aMember,
  api,
  connect,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

// Two processes behind a load balancer share PostgreSQL and Redis.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('walls on two nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    nodeA = await startTestServer();
    nodeB = await startPeerNode(nodeA);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB?.close();
    await nodeA?.close();
  });

  async function tab(node: TestServer, who: SignedInClient): Promise<ClientSocket> {
    const socket = await connect(node.url, who.cookie);
    sockets.push(socket);
    return socket;
  }

  it('deliver a friends post to the author’s friends on the other node, never to a non-friend', async () => {
    const [author, friend, stranger] = await Promise.all([
      aMember(nodeA, 'كاتبة_عقدتين'),
      aMember(nodeA, 'صديقة_عقدتين'),
      aMember(nodeA, 'غريبة_عقدتين'),
    ]);
    await api(nodeA.url, '/api/friends/requests', { body: { userId: friend.user.id }, cookie: author.cookie });
    const incoming = (await api(nodeB.url, '/api/friends/requests', { cookie: friend.cookie })).body
      .incoming as FriendRequest[];
    const request = incoming.find((r) => r.from.id === author.user.id)!;
    expect(
      (await api(nodeB.url, `/api/friends/requests/${request.id}/accept`, { body: {}, cookie: friend.cookie })).status,
    ).toBe(200);

    const [friendOnB, strangerOnB, strangerOnA] = [
      await tab(nodeB, friend),
      await tab(nodeB, stranger),
      await tab(nodeA, stranger),
    ];
    const heardOnB = recordEnvelopes(strangerOnB);
    const heardOnA = recordEnvelopes(strangerOnA);

    const arrives = nextEnvelope(friendOnB, 'wallPostCreated');
    const created = await api(nodeA.url, '/api/wall/posts', {
      body: { content: 'لأصدقائي', type: 'friends' },
      cookie: author.cookie,
    });
    expect(created.status).toBe(201);
    const post = created.body.post as WallPost;
    expect((await arrives).post.id).toBe(post.id);

    // The friend's comment on node B reaches the author's tab on node A.
    const authorOnA = await tab(nodeA, author);
    const commented = nextEnvelope(authorOnA, 'wallCommentCreated');
    expect(
      (
        await api(nodeB.url, `/api/wall/posts/${post.id}/comments`, {
          body: { content: 'رائع' },
          cookie: friend.cookie,
        })
      ).status,
    ).toBe(201);
    expect((await commented).comment.postId).toBe(post.id);

    // Over HTTP, on either node, the stranger finds nothing.
    for (const node of [nodeA, nodeB]) {
      const page = (await api(node.url, '/api/wall/posts/friends', { cookie: stranger.cookie })).body
        .posts as WallPost[];
      expect(page.map((p) => p.id)).not.toContain(post.id);
      expect((await api(node.url, `/api/wall/posts/${post.id}/comments`, { cookie: stranger.cookie })).status).toBe(
        404,
      );
    }
    // The friend on node B sees it over HTTP once its live event arrived (above).
    const friendPage = (await api(nodeB.url, '/api/wall/posts/friends', { cookie: friend.cookie })).body
      .posts as WallPost[];
    expect(friendPage.map((p) => p.id)).toContain(post.id);

    const deleted = nextEnvelope(friendOnB, 'wallPostDeleted');
    expect(
      (await api(nodeA.url, `/api/wall/posts/${post.id}`, { method: 'DELETE', cookie: author.cookie })).status,
    ).toBe(200);
    await deleted;
    await settled(strangerOnB);
    await settled(strangerOnA);
    expect([...heardOnA, ...heardOnB].filter((e) => e.type.startsWith('wall'))).toEqual([]);

    // A public post reaches the stranger on both nodes.
    const onA = nextEnvelope(strangerOnA, 'wallPostCreated');
    const onB = nextEnvelope(strangerOnB, 'wallPostCreated');
    await api(nodeA.url, '/api/wall/posts', { body: { content: 'للجميع', type: 'public' }, cookie: author.cookie });
    expect((await onA).post.content).toBe('للجميع');
    expect((await onB).post.content).toBe('للجميع');
  });
});
