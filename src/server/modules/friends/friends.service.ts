import type { Friend, FriendRequest } from '../../../shared/api/friends';
import type { Actor } from '../../../shared/policy';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { IgnoreService } from '../ignore';
import { postingError } from '../moderation';
import type { PresenceService } from '../presence';
import { toPublicUser } from '../users';
import type { LiveUsers, UsersRepo } from '../users';
import type { FriendsRepo, FriendshipWithPeople } from './friends.repo';
import type { FriendRequestLimit } from './request-limit';

export function createFriendsService(deps: {
  repo: FriendsRepo;
  users: Pick<UsersRepo, 'findById'>;
  /** The sanctions in force on the sender now (a mute refuses a request, as a message). */
  liveUsers: Pick<LiveUsers, 'lookup'>;
  ignore: Pick<IgnoreService, 'ignores' | 'ignoredBy'>;
  presence: PresenceService;
  bus: DomainEventBus;
  clock: Clock;
  /** The per-sender limit of new requests (shared by every node). */
  limit?: FriendRequestLimit;
}) {
  const { repo, users, ignore, presence, bus, clock } = deps;

  async function toRequest(entry: FriendshipWithPeople): Promise<FriendRequest> {
    const online = await presence.onlineUserIds([entry.requester.id, entry.addressee.id]);
    return {
      id: entry.row.id,
      from: toPublicUser(entry.requester, online.has(entry.requester.id)),
      to: toPublicUser(entry.addressee, online.has(entry.addressee.id)),
      createdAt: entry.row.createdAt.toISOString(),
    };
  }

  function friendOf(entry: FriendshipWithPeople, userId: number, online: Set<number>): Friend {
    const other: UserRow = entry.requester.id === userId ? entry.addressee : entry.requester;
    return {
      user: toPublicUser(other, online.has(other.id)),
      since: (entry.row.acceptedAt ?? entry.row.createdAt).toISOString(),
    };
  }

  async function pendingTo(actor: Actor, id: number): Promise<FriendshipWithPeople> {
    const entry = await repo.findById(id);
    if (!entry || entry.row.status !== 'pending' || entry.row.addresseeId !== actor.id)
      throw new AppError('FRIEND_REQUEST_NOT_FOUND', 404);
    return entry;
  }

  async function accept(entry: FriendshipWithPeople): Promise<Friend> {
    const at = new Date(clock.now());
    if (!(await repo.accept(entry.row.id, at))) throw new AppError('FRIEND_REQUEST_NOT_FOUND', 404);
    const accepted = { ...entry, row: { ...entry.row, status: 'accepted' as const, acceptedAt: at } };
    const online = await presence.onlineUserIds([entry.requester.id, entry.addressee.id]);
    const request = await toRequest(accepted);
    bus.publish('friend.accepted', {
      request,
      friendOfRequester: friendOf(accepted, entry.requester.id, online),
      friendOfAddressee: friendOf(accepted, entry.addressee.id, online),
    });
    return friendOf(accepted, entry.addressee.id, online);
  }

  return {
    /** The ids of a user's accepted friends: who may see what they share with friends only. */
    friendIdsOf(userId: number): Promise<number[]> {
      return repo.friendIdsOf(userId);
    },
    /** Someone came online or went offline: their friends are told, on every node. */
    async announcePresence(userId: number, online: boolean): Promise<void> {
      const friendIds = await repo.friendIdsOf(userId);
      if (friendIds.length > 0) bus.publish('friend.presence', { userId, online, friendIds });
    },
    /**
     * Asks `targetId` to be friends. If they had already asked the actor, the two become friends
     * at once. Someone who ignores the actor is never told (the request just stays pending): the
     * actor learns nothing. Refused while the actor is muted or barred (MUTED with the time left).
     */
    async request(actor: Actor, targetId: number): Promise<{ request: FriendRequest | null; friend: Friend | null }> {
      if (targetId === actor.id) throw new AppError('CANNOT_TARGET_SELF', 403);
      const refused = postingError((await deps.liveUsers.lookup(actor.id)).restrictions, clock.now());
      if (refused) throw refused;
      if (!(await users.findById(targetId))) throw new AppError('USER_NOT_FOUND', 404);
      const existing = await repo.findPair(actor.id, targetId);
      if (existing?.status === 'accepted') throw new AppError('ALREADY_FRIENDS', 409);
      if (existing && existing.addresseeId === actor.id) {
        return { request: null, friend: await accept((await repo.findById(existing.id))!) };
      }
      if (!existing) await deps.limit?.take(actor.id);
      const id = existing?.id ?? (await repo.create(actor.id, targetId, new Date(clock.now())));
      const entry = id ? await repo.findById(id) : undefined;
      if (!entry) throw new AppError('FRIEND_REQUEST_NOT_FOUND', 404);
      const request = await toRequest(entry);
      if (!existing && !(await ignore.ignores(targetId, actor.id))) bus.publish('friend.requested', { request });
      return { request, friend: null };
    },

    async accept(actor: Actor, id: number): Promise<Friend> {
      return accept(await pendingTo(actor, id));
    },

    /** Declines a request made to the actor; the asker is not told. */
    async decline(actor: Actor, id: number): Promise<void> {
      const entry = await pendingTo(actor, id);
      if (await repo.delete(id))
        bus.publish('friend.removed', {
          userId: actor.id,
          otherId: entry.requester.id,
          requestId: id,
          tell: [actor.id],
        });
    },

    /** Withdraws a request the actor made. */
    async cancel(actor: Actor, id: number): Promise<void> {
      const entry = await repo.findById(id);
      if (!entry || entry.row.status !== 'pending' || entry.row.requesterId !== actor.id)
        throw new AppError('FRIEND_REQUEST_NOT_FOUND', 404);
      if (await repo.delete(id))
        bus.publish('friend.removed', {
          userId: actor.id,
          otherId: entry.addressee.id,
          requestId: id,
          tell: [actor.id, entry.addressee.id],
        });
    },

    async remove(actor: Actor, otherId: number): Promise<void> {
      const row = await repo.findPair(actor.id, otherId);
      if (row?.status !== 'accepted') throw new AppError('NOT_FRIENDS', 404);
      if (await repo.delete(row.id))
        bus.publish('friend.removed', { userId: actor.id, otherId, requestId: null, tell: [actor.id, otherId] });
    },

    async list(actor: Actor): Promise<Friend[]> {
      const entries = await repo.of(actor.id, 'accepted');
      const online = await presence.onlineUserIds(entries.flatMap((e) => [e.requester.id, e.addressee.id]));
      return entries.map((entry) => friendOf(entry, actor.id, online));
    },

    /** The user's friends as their data export lists them (the privacy page's right of access). */
    async exported(userId: number): Promise<{ userId: number; username: string; since: string }[]> {
      const entries = await repo.of(userId, 'accepted');
      return entries.map((entry) => {
        const friend = friendOf(entry, userId, new Set());
        return { userId: friend.user.id, username: friend.user.username, since: friend.since };
      });
    },

    /** Pending requests to and from the actor; requests from people the actor ignores are not shown. */
    async requests(actor: Actor): Promise<{ incoming: FriendRequest[]; outgoing: FriendRequest[] }> {
      const [entries, ignored] = await Promise.all([repo.of(actor.id, 'pending'), ignore.ignoredBy(actor.id)]);
      const hidden = new Set(ignored);
      const incoming = entries.filter((e) => e.row.addresseeId === actor.id && !hidden.has(e.row.requesterId));
      const outgoing = entries.filter((e) => e.row.requesterId === actor.id);
      return {
        incoming: await Promise.all(incoming.map(toRequest)),
        outgoing: await Promise.all(outgoing.map(toRequest)),
      };
    },

    areFriends: (a: number, b: number) => repo.areFriends(a, b),
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
