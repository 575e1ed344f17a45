import { isStaff } from '../../shared/roles';
import type { Clock } from '../clock';
import type { UserRow } from '../db/schema';
import type { DomainEventBus } from '../events/domain-events';
import type { RoomsService } from '../modules/rooms/rooms.service';
import type { PresenceService } from '../modules/presence/presence.service';
import { toPublicUser, toSelfUser } from '../modules/users/users.presenter';
import { createPresenceBroadcaster } from './presence-broadcaster';
import { createRoomCountBroadcaster } from './room-counts';
import { createRoomEvacuation } from './room-evacuation';
import { channel, type AppServer } from './types';
import { createVoiceGateway } from './voice-gateway';

/** Arrivals and departures in one room within this window go out as one broadcast. */
const PRESENCE_BATCH_MS = 250;

/**
 * The one place that turns domain events into Socket.IO emissions: it knows each event's
 * audience (a room, a user's every tab, a session, staff, everyone). With Redis, the adapter
 * carries every emission to the sockets on the other nodes, so an event published on any node
 * (from an HTTP request or a socket) reaches everyone it concerns.
 */
export function createGateway(deps: {
  io: AppServer;
  bus: DomainEventBus;
  rooms: RoomsService;
  presence: PresenceService;
  clock: Clock;
  roomCountFlushMs: number;
  /** Several nodes share an adapter (Redis): a deleted room is emptied on each of them. */
  clustered: boolean;
  onError: (error: unknown) => void;
}) {
  const { io, bus, rooms, presence, clock } = deps;
  const audience = {
    room: (roomId: string) => io.to(channel.room(roomId)),
    user: (userId: number) => io.to(channel.user(userId)),
    everyoneBut: (userId: number) => io.except(channel.user(userId)),
    everyone: () => io,
  };
  const presenceEvents = createPresenceBroadcaster(io, PRESENCE_BATCH_MS, clock);
  const counts = createRoomCountBroadcaster(io, presence, deps.roomCountFlushMs, clock);
  const evacuation = createRoomEvacuation({ io, rooms, clustered: deps.clustered, onError: deps.onError });
  /** Everyone hears a room's current state (with its live count) as `roomUpdate` of `type`. */
  const announceRoom = (type: 'roomChanged' | 'roomCreated', roomId: string) =>
    void rooms
      .get(roomId)
      .then((room) => audience.everyone().emit('roomUpdate', { type, roomId, room }))
      .catch(deps.onError);

  /** Spec §7's envelope for each look change, to everyone, on every node. */
  const profileEnvelopes = (user: UserRow, changed: readonly string[]) => {
    const shown = toPublicUser(user, false);
    const userId = user.id;
    const to = audience.everyone();
    for (const field of new Set(changed)) {
      if (field === 'usernameColor')
        to.emit('message', { type: 'usernameColorChanged', userId, usernameColor: shown.usernameColor });
      else if (field === 'usernameGradient')
        to.emit('message', { type: 'usernameGradientChanged', userId, usernameGradient: shown.usernameGradient });
      else if (field === 'usernameEffect')
        to.emit('message', { type: 'usernameEffectChanged', userId, usernameEffect: shown.usernameEffect });
      else if (field === 'profileEffect')
        to.emit('message', { type: 'profileEffectChanged', userId, profileEffect: shown.profileEffect });
      else if (field === 'profileBackgroundColor')
        to.emit('message', {
          type: 'user_background_updated',
          userId,
          profileBackgroundColor: shown.profileBackgroundColor,
        });
    }
  };
  const avatarEnvelopes = (user: UserRow) => {
    const { profileImage, avatarHash, avatarVersion } = user;
    audience
      .everyone()
      .emit('message', { type: 'userAvatarUpdated', userId: user.id, profileImage, avatarHash, avatarVersion });
    void presence
      .isOnline(user.id)
      .then((online) =>
        audience.user(user.id).emit('message', { type: 'selfAvatarUpdated', user: toSelfUser(user, online) }),
      )
      .catch(deps.onError);
  };

  const unsubscribe = [
    createVoiceGateway(io, bus),
    // Those who ignore the sender are left out, on every node (their sockets are in `ignoring:`).
    bus.subscribe('message.created', ({ message }) => {
      if (message.roomId)
        audience
          .room(message.roomId)
          .except(channel.ignoring(message.senderId))
          .emit('message', { type: 'newMessage', message });
    }),

    bus.subscribe('typing.changed', ({ roomId, userId, username, isTyping }) =>
      audience
        .room(roomId)
        .except([channel.user(userId), channel.ignoring(userId)])
        .emit('message', { type: 'typing', roomId, userId, username, isTyping }),
    ),

    // Both people, every tab, every node (the sender's other tabs follow the conversation too).
    bus.subscribe('privateMessage.created', ({ message, quietly }) =>
      io
        .to(
          quietly
            ? [channel.user(message.senderId)]
            : [channel.user(message.senderId), channel.user(message.receiverId)],
        )
        .emit('privateMessage', { message }),
    ),
    bus.subscribe('privateTyping.changed', ({ userId, targetUserId, isTyping }) =>
      audience.user(targetUserId).emit('privateTyping', { userId, isTyping }),
    ),
    bus.subscribe('conversation.read', ({ readerId, otherUserId, lastReadMessageId }) =>
      io
        .to([channel.user(readerId), channel.user(otherUserId)])
        .emit('message', { type: 'conversationRead', readerId, otherUserId, lastReadMessageId }),
    ),

    // Hidden staff come and go unseen.
    bus.subscribe('presence.entered', ({ roomId, user }) => {
      if (!user.isHidden) presenceEvents.entered(roomId, user);
    }),
    bus.subscribe('presence.left', ({ roomId, user }) => {
      if (!user.isHidden) presenceEvents.left(roomId, user);
    }),
    bus.subscribe('room.countChanged', ({ roomId }) => counts.markChanged(roomId)),

    bus.subscribe('room.changed', ({ room }) => announceRoom('roomChanged', room.id)),
    bus.subscribe('room.created', ({ room }) => announceRoom('roomCreated', room.id)),
    bus.subscribe('room.chatLockChanged', (locks) => audience.everyone().emit('chatLockUpdated', locks)),
    // Everyone drops the room; then those inside, on every node, are moved and shown the new room.
    bus.subscribe('room.deleted', ({ room, movedTo }) => {
      audience.everyone().emit('roomUpdate', { type: 'roomDeleted', roomId: room.id, movedTo });
      evacuation.evacuate(room.id, movedTo);
    }),

    bus.subscribe('user.changed', ({ user, visibility, changed, avatarChanged }) => {
      if (changed?.length) profileEnvelopes(user, changed);
      if (avatarChanged) avatarEnvelopes(user);
      void presence
        .isOnline(user.id)
        .then((online) => {
          audience.user(user.id).emit('message', { type: 'userUpdated', user: toSelfUser(user, online) });
          if (visibility === 'public')
            audience.everyoneBut(user.id).emit('message', { type: 'userUpdated', user: toPublicUser(user, online) });
        })
        .catch(deps.onError);
      // Staff hear staff-only events on every tab, on every node.
      const tabs = io.in(channel.user(user.id));
      if (isStaff(user.role)) tabs.socketsJoin(channel.staff);
      else tabs.socketsLeave(channel.staff);
    }),

    bus.subscribe('siteTheme.changed', ({ siteTheme }) =>
      audience.everyone().emit('message', { type: 'site_theme_update', siteTheme }),
    ),

    bus.subscribe('session.ended', ({ sessionId }) => io.in(channel.session(sessionId)).disconnectSockets(true)),

    bus.subscribe('message.deleted', ({ roomId, messageId }) =>
      audience.room(roomId).emit('message', { type: 'messageDeleted', roomId, messageId }),
    ),

    bus.subscribe('user.deleted', ({ userId }) => audience.everyone().emit('message', { type: 'userDeleted', userId })),

    bus.subscribe('user.sanctioned', ({ sanction, actor, target, roomIds }) => {
      const until = sanction.expiresAt?.toISOString() ?? null;
      const minutes = sanction.expiresAt
        ? Math.round((sanction.expiresAt.getTime() - sanction.createdAt.getTime()) / 60_000)
        : null;
      for (const roomId of roomIds)
        audience.room(roomId).emit('message', {
          type: 'moderationAction',
          roomId,
          action: sanction.kind,
          actorName: actor.username,
          actorGender: actor.gender,
          targetName: target.username,
          targetGender: target.gender,
          reason: sanction.reason,
          durationMinutes: minutes,
        });
      const tabs = audience.user(target.id);
      if (sanction.kind === 'mute') {
        tabs.emit('message', { type: 'restrictionsChanged', mutedUntil: until });
        return;
      }
      // Told first, then cut off, on every node (the adapter keeps the two in order).
      if (sanction.kind === 'block') tabs.emit('blocked', { moderator: actor.username, reason: sanction.reason });
      else
        tabs.emit('kicked', {
          moderator: actor.username,
          reason: sanction.reason,
          duration: minutes ?? 0,
          until: until ?? new Date().toISOString(),
          kind: sanction.kind,
        });
      io.in(channel.user(target.id)).disconnectSockets(true);
      // The devices it binds are out too, under any account signed in on them: their next
      // handshake is refused with the time left.
      if (sanction.deviceIds.length > 0) io.in(sanction.deviceIds.map(channel.device)).disconnectSockets(true);
    }),

    // Staff (who handle reports) hear of a new one on every tab, on every node.
    bus.subscribe('report.created', ({ report }) =>
      io.to(channel.staff).emit('message', { type: 'reportCreated', report }),
    ),
    bus.subscribe('report.handled', ({ report, reporterId, text }) => {
      if (reporterId !== null) audience.user(reporterId).emit('message', { type: 'systemNotification', text });
      io.to(channel.staff).emit('message', { type: 'reportHandled', report });
    }),

    bus.subscribe('user.sanctionLifted', ({ kind, actor, target, roomIds }) => {
      if (kind !== 'mute') return;
      audience.user(target.id).emit('message', { type: 'restrictionsChanged', mutedUntil: null });
      for (const roomId of roomIds)
        audience.room(roomId).emit('message', {
          type: 'moderationAction',
          roomId,
          action: 'unmute',
          actorName: actor.username,
          actorGender: actor.gender,
          targetName: target.username,
          targetGender: target.gender,
          reason: '',
          durationMinutes: null,
        });
    }),

    bus.subscribe('reaction.changed', ({ roomId, messageId, reactions, lastReaction, reactorId, reaction }) =>
      audience
        .room(roomId)
        .except(channel.ignoring(reactorId))
        .emit('message', { type: 'reactionUpdated', roomId, messageId, reactions, lastReaction, reactorId, reaction }),
    ),
    bus.subscribe('notification.created', ({ userId, notification, unreadCount }) =>
      audience.user(userId).emit('newNotification', { notification, unreadCount }),
    ),
    bus.subscribe('notification.read', ({ userId, id, unreadCount }) =>
      audience.user(userId).emit('message', { type: 'notificationRead', id, unreadCount }),
    ),
    bus.subscribe('notifications.cleared', ({ userId }) =>
      audience.user(userId).emit('message', { type: 'notificationsCleared' }),
    ),
    // The ignorer's every socket, on every node, joins or leaves the filter channel at once.
    bus.subscribe('ignore.changed', ({ userId, targetId, ignoring }) => {
      const tabs = io.in(channel.user(userId));
      if (ignoring) tabs.socketsJoin(channel.ignoring(targetId));
      else tabs.socketsLeave(channel.ignoring(targetId));
      audience.user(userId).emit('message', { type: 'ignoreChanged', userId: targetId, ignoring });
    }),
    bus.subscribe('friend.requested', ({ request }) =>
      audience.user(request.to.id).emit('message', { type: 'friendRequestReceived', request }),
    ),
    bus.subscribe('friend.accepted', ({ request, friendOfRequester, friendOfAddressee }) => {
      audience.user(request.from.id).emit('message', { type: 'friendRequestAccepted', request });
      audience.user(request.from.id).emit('message', { type: 'friendAdded', friend: friendOfRequester });
      audience.user(request.to.id).emit('message', { type: 'friendAdded', friend: friendOfAddressee });
    }),
    bus.subscribe('friend.presence', ({ userId, online, friendIds }) =>
      io
        .to(friendIds.map((id) => channel.user(id)))
        .emit('message', { type: 'friendPresence', userId, isOnline: online }),
    ),
    bus.subscribe('friend.removed', ({ userId, otherId, requestId, tell }) => {
      for (const id of tell)
        audience
          .user(id)
          .emit('message', { type: 'friendRemoved', userId: id === userId ? otherId : userId, requestId });
    }),
  ];

  return {
    /** What a freshly connected socket joins: its user's, session's and device's channels, staff if staff. */
    channelsFor(
      userId: number,
      sessionId: string,
      role: Parameters<typeof isStaff>[0],
      deviceId: string | null = null,
    ): string[] {
      return [
        channel.user(userId),
        channel.session(sessionId),
        ...(deviceId ? [channel.device(deviceId)] : []),
        ...(isStaff(role) ? [channel.staff] : []),
      ];
    },
    stop(): void {
      for (const off of unsubscribe) off();
      presenceEvents.stop();
      counts.stop();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
