import { randomUUID } from 'node:crypto';
import type { createClient } from 'redis';
import { onlineUserSchema, type OnlineUser } from '../../../shared/entities/user';
import type { PresenceStore } from './presence.store';

type RedisClient = ReturnType<typeof createClient>;

const HEARTBEAT_MS = 10_000;
/** A node that has not beaten for this long is dead: its entries are ignored, then expire. */
const NODE_DEAD_AFTER_MS = 30_000;
const KEY_TTL_MS = 45_000;
const COUNTS_CACHE_MS = 500;

/**
 * Presence shared through Redis. Each node writes only its own keys (which expire if it dies) and
 * reads the union over live nodes, so a crashed node's users drop out on their own.
 */
export async function createRedisPresenceStore(redis: RedisClient, prefix: string): Promise<PresenceStore> {
  const nodeId = randomUUID();
  const base = `${prefix}:presence`;
  const nodesKey = `${base}:nodes`;
  const nodeKey = (node: string, suffix: string) => `${base}:n:${node}:${suffix}`;
  const roomKey = (node: string, roomId: string) => nodeKey(node, `r:${roomId}`);
  const ownRooms = new Set<string>();
  let countsCache: { at: number; value: Promise<Map<string, number>> } | undefined;

  async function heartbeat(): Promise<void> {
    const now = Date.now();
    const keys = [
      nodeKey(nodeId, 'rooms'),
      nodeKey(nodeId, 'online'),
      nodeKey(nodeId, 'names'),
      nodeKey(nodeId, 'conns'),
      ...[...ownRooms].map((r) => roomKey(nodeId, r)),
    ];
    await Promise.all([
      redis.zAdd(nodesKey, { score: now, value: nodeId }),
      redis.zRemRangeByScore(nodesKey, 0, now - KEY_TTL_MS),
      ...keys.map((key) => redis.pExpire(key, KEY_TTL_MS)),
    ]);
  }

  async function liveNodes(): Promise<string[]> {
    return redis.zRangeByScore(nodesKey, Date.now() - NODE_DEAD_AFTER_MS, '+inf');
  }

  const timer = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_MS);
  timer.unref();
  await heartbeat();

  function parseMember(raw: string): OnlineUser | null {
    try {
      const parsed = onlineUserSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Hidden staff are in the room but not in its count; a cheap look, counts run often. */
  function isHiddenEntry(raw: string): boolean {
    try {
      return (JSON.parse(raw) as { isHidden?: unknown }).isHidden === true;
    } catch {
      return false;
    }
  }

  const store: PresenceStore = {
    async addRoomMember(roomId, user) {
      ownRooms.add(roomId);
      countsCache = undefined;
      await Promise.all([
        redis.hSet(roomKey(nodeId, roomId), String(user.id), JSON.stringify(user)),
        redis.pExpire(roomKey(nodeId, roomId), KEY_TTL_MS),
        redis.sAdd(nodeKey(nodeId, 'rooms'), roomId),
        redis.pExpire(nodeKey(nodeId, 'rooms'), KEY_TTL_MS),
      ]);
    },
    async removeRoomMember(roomId, userId) {
      countsCache = undefined;
      await redis.hDel(roomKey(nodeId, roomId), String(userId));
      if ((await redis.hLen(roomKey(nodeId, roomId))) === 0) {
        ownRooms.delete(roomId);
        await redis.sRem(nodeKey(nodeId, 'rooms'), roomId);
      }
    },
    async addOnline(userId, usernameKey) {
      await Promise.all([
        redis.sAdd(nodeKey(nodeId, 'online'), String(userId)),
        redis.sAdd(nodeKey(nodeId, 'names'), usernameKey),
        redis.pExpire(nodeKey(nodeId, 'online'), KEY_TTL_MS),
        redis.pExpire(nodeKey(nodeId, 'names'), KEY_TTL_MS),
      ]);
    },
    async removeOnline(userId, usernameKey) {
      await Promise.all([
        redis.sRem(nodeKey(nodeId, 'online'), String(userId)),
        redis.sRem(nodeKey(nodeId, 'names'), usernameKey),
      ]);
    },
    async roomMembers(roomId) {
      const nodes = await liveNodes();
      const hashes = await Promise.all(nodes.map((node) => redis.hGetAll(roomKey(node, roomId))));
      const byId = new Map<number, OnlineUser>();
      for (const hash of hashes) {
        for (const raw of Object.values(hash)) {
          const member = parseMember(raw);
          if (member) byId.set(member.id, member);
        }
      }
      return [...byId.values()];
    },
    async roomPage(roomId, offset, limit) {
      // Every node's hash is read whole: paging spares the joiner's download, not Redis.
      const shownUsers = (await store.roomMembers(roomId)).filter((member) => !member.isHidden);
      return { users: shownUsers.slice(offset, offset + limit), total: shownUsers.length };
    },
    async roomSize(roomId) {
      return (await store.roomCounts()).get(roomId) ?? 0;
    },
    async hasRoomMember(roomId, userId) {
      const nodes = await liveNodes();
      const found = await Promise.all(nodes.map((node) => redis.hExists(roomKey(node, roomId), String(userId))));
      return found.some((value) => Number(value) === 1);
    },
    roomCounts() {
      if (countsCache && Date.now() - countsCache.at < COUNTS_CACHE_MS) return countsCache.value;
      const value = (async () => {
        const nodes = await liveNodes();
        const roomLists = await Promise.all(nodes.map((node) => redis.sMembers(nodeKey(node, 'rooms'))));
        const pairs = nodes.flatMap((node, i) => roomLists[i]!.map((roomId) => ({ node, roomId })));
        const members = await Promise.all(pairs.map(({ node, roomId }) => redis.hGetAll(roomKey(node, roomId))));
        const union = new Map<string, Set<string>>();
        pairs.forEach(({ roomId }, i) => {
          let set = union.get(roomId);
          if (!set) union.set(roomId, (set = new Set()));
          for (const [id, raw] of Object.entries(members[i]!)) if (!isHiddenEntry(raw)) set.add(id);
        });
        return new Map([...union].filter(([, ids]) => ids.size > 0).map(([roomId, ids]) => [roomId, ids.size]));
      })();
      countsCache = { at: Date.now(), value };
      value.catch(() => (countsCache = undefined));
      return value;
    },
    async allMembers() {
      const nodes = await liveNodes();
      const roomLists = await Promise.all(nodes.map((node) => redis.sMembers(nodeKey(node, 'rooms'))));
      const pairs = nodes.flatMap((node, i) => roomLists[i]!.map((roomId) => ({ node, roomId })));
      const hashes = await Promise.all(pairs.map(({ node, roomId }) => redis.hGetAll(roomKey(node, roomId))));
      const seen = new Map<string, { roomId: string; user: OnlineUser }>();
      pairs.forEach(({ roomId }, i) => {
        for (const raw of Object.values(hashes[i]!)) {
          const user = parseMember(raw);
          if (user) seen.set(`${roomId}:${user.id}`, { roomId, user });
        }
      });
      return [...seen.values()];
    },
    async isUsernameOnline(usernameKey) {
      const nodes = await liveNodes();
      const found = await Promise.all(nodes.map((node) => redis.sIsMember(nodeKey(node, 'names'), usernameKey)));
      return found.some((value) => Number(value) === 1);
    },
    async onlineUserIds(userIds) {
      if (userIds.length === 0) return new Set();
      const nodes = await liveNodes();
      const replies = await Promise.all(
        nodes.map((node) => redis.smIsMember(nodeKey(node, 'online'), userIds.map(String))),
      );
      return new Set(userIds.filter((_, i) => replies.some((reply) => Number(reply[i]) === 1)));
    },
    async addConnection(userId, address) {
      const fields = [`u:${userId}`, `a:${address}`];
      const conns = nodeKey(nodeId, 'conns');
      const [own, , nodes] = await Promise.all([
        Promise.all(fields.map((field) => redis.hIncrBy(conns, field, 1))),
        redis.pExpire(conns, KEY_TTL_MS),
        liveNodes(),
      ]);
      const others = await Promise.all(
        nodes.filter((node) => node !== nodeId).map((node) => redis.hmGet(nodeKey(node, 'conns'), fields)),
      );
      const total = (i: number) => own[i]! + others.reduce((sum, counts) => sum + Number(counts[i] ?? 0), 0);
      return { user: total(0), address: total(1) };
    },
    async removeConnection(userId, address) {
      const conns = nodeKey(nodeId, 'conns');
      for (const field of [`u:${userId}`, `a:${address}`]) {
        if ((await redis.hIncrBy(conns, field, -1)) <= 0) await redis.hDel(conns, field);
      }
    },
    async close() {
      clearInterval(timer);
      const keys = [
        nodeKey(nodeId, 'rooms'),
        nodeKey(nodeId, 'online'),
        nodeKey(nodeId, 'names'),
        nodeKey(nodeId, 'conns'),
        ...[...ownRooms].map((r) => roomKey(nodeId, r)),
      ];
      await Promise.all([redis.zRem(nodesKey, nodeId), redis.del(keys)]);
    },
  };
  return store;
}
