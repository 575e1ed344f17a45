/** Test data for the realtime modules (imported only by tests). */
import { draftMessage, type Message } from '../../shared/entities/message';
import type { Room } from '../../shared/entities/room';
import type { OnlineUser, PublicUser, SelfUser } from '../../shared/entities/user';
import type { QueuedMessage } from '../realtime/outbox';

export function aPublicUser(id: number, fields: Partial<PublicUser> = {}): PublicUser {
  return {
    id,
    username: `user${id}`,
    displayName: null,
    userType: 'guest',
    role: 'guest',
    profileImage: null,
    avatarHash: null,
    avatarVersion: 0,
    usernameColor: null,
    usernameGradient: null,
    usernameEffect: null,
    profileBackgroundColor: null,
    profileEffect: null,
    profileTag: null,
    profileFrame: null,
    gender: null,
    country: null,
    isOnline: true,
    lastSeen: null,
    currentRoom: null,
    ...fields,
  };
}

export function aSelfUser(id: number, fields: Partial<SelfUser> = {}): SelfUser {
  return {
    ...aPublicUser(id),
    age: null,
    isHidden: false,
    globalSoundEnabled: true,
    showSystemMessages: true,
    privateMessagesFrom: 'everyone',
    ...fields,
  };
}

export function anOnlineUser(id: number, fields: Partial<OnlineUser> = {}): OnlineUser {
  return {
    id,
    username: `user${id}`,
    userType: 'guest',
    role: 'guest',
    gender: null,
    profileImage: null,
    profileFrame: null,
    usernameColor: null,
    profileTag: null,
    profileEffect: null,
    usernameGradient: null,
    usernameEffect: null,
    avatarVersion: 0,
    ...fields,
  };
}

/** A stored room message: timestamps follow the id so no two differ only by id. */
export function aMessage(id: number, fields: Partial<Message> = {}): Message {
  return draftMessage({
    id,
    roomId: 'general',
    senderId: 2,
    sender: aPublicUser(2),
    content: `message ${id}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
    ...fields,
  }) as Message;
}

export function aQueuedMessage(id: string, fields: Partial<QueuedMessage> = {}): QueuedMessage {
  return {
    id,
    createdAt: Date.UTC(2026, 0, 1, 13),
    senderId: 1,
    roomId: 'general',
    content: `queued ${id}`,
    messageType: 'text',
    textColor: '#b91c1c',
    bold: true,
    ...fields,
  };
}

export function aRoom(id: string, fields: Partial<Room> = {}): Room {
  return {
    id,
    name: `room ${id}`,
    description: '',
    isDefault: false,
    isLocked: false,
    createdBy: null,
    pins: [],
    announcement: '',
    welcome: '',
    slowModeSeconds: 0,
    parentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    isActive: true,
    userCount: 0,
    icon: null,
    isBroadcast: false,
    hostId: null,
    speakers: [],
    micQueue: [],
    chatLockAll: false,
    chatLockVisitors: false,
    ...fields,
  };
}
