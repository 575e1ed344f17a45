import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { DomainEventBus } from '../events/domain-events';
import { channel } from '../realtime/types';
import type { SessionCookies } from './auth/request-session';
import { createFriendsRepo } from './friends/friends.repo';
import { registerFriendsRoutes } from './friends/friends.routes';
import { createFriendsService } from './friends/friends.service';
import { createIgnoreRepo } from './ignore/ignore.repo';
import { registerIgnoreRoutes } from './ignore/ignore.routes';
import { createIgnoreService } from './ignore/ignore.service';
import type { MessagesRepo } from './messages/messages.repo';
import type { MessageExtras } from './messages/messages.service';
import { subscribeNotificationSources } from './notifications/notification-sources';
import { createNotificationsRepo } from './notifications/notifications.repo';
import { registerNotificationsRoutes } from './notifications/notifications.routes';
import { createNotificationsService } from './notifications/notifications.service';
import type { PresenceService } from './presence/presence.service';
import { createReactionsRepo } from './reactions/reactions.repo';
import { registerReactionsRoutes } from './reactions/reactions.routes';
import { createReactionsService } from './reactions/reactions.service';
import type { RoomsService } from './rooms/rooms.service';
import type { UsersRepo } from './users/users.repo';

/**
 * The people features together (reactions and replies, notifications, ignore, friends): built
 * from the core's services, and what they hand back to it.
 */
export function createSocialModules(deps: {
  db: Db;
  users: UsersRepo;
  messages: MessagesRepo;
  rooms: RoomsService;
  presence: PresenceService;
  bus: DomainEventBus;
  clock: Clock;
  onError: (error: unknown) => void;
}) {
  const { db, users, presence, bus, clock } = deps;
  const ignore = createIgnoreService({ repo: createIgnoreRepo(db), users, bus, clock });
  const friends = createFriendsService({ repo: createFriendsRepo(db), users, ignore, presence, bus, clock });
  const reactions = createReactionsService({
    repo: createReactionsRepo(db),
    messages: deps.messages,
    rooms: deps.rooms,
    bus,
    clock,
  });
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db),
    users,
    ignore,
    presence,
    bus,
    clock,
  });
  const stopSources = subscribeNotificationSources({ bus, notifications, onError: deps.onError });
  const stopPresence = bus.subscribe(
    'presence.onlineChanged',
    ({ userId, online }) => void friends.announcePresence(userId, online).catch(deps.onError),
  );

  const messageExtras: MessageExtras = {
    decorate: (viewerId, page) => reactions.decorate(viewerId, page),
    requireQuotable: (roomId, replyToId) => reactions.requireQuotable(roomId, replyToId),
    hiddenSenders: (viewerId) => ignore.ignoredBy(viewerId),
  };

  return {
    ignore,
    friends,
    reactions,
    notifications,
    messageExtras,
    people: { areFriends: friends.areFriends, ignores: ignore.ignores },
    /** The filter channels a new socket of `userId` joins: one per person they ignore. */
    async ignoringChannels(userId: number): Promise<string[]> {
      return (await ignore.ignoredBy(userId)).map(channel.ignoring);
    },
    registerRoutes(fastify: FastifyInstance, cookies: SessionCookies): void {
      registerReactionsRoutes(fastify, { reactions, cookies });
      registerNotificationsRoutes(fastify, { notifications, cookies });
      registerIgnoreRoutes(fastify, { ignore, presence, cookies });
      registerFriendsRoutes(fastify, { friends, cookies });
    },
    stop(): void {
      stopSources();
      stopPresence();
    },
  };
}
