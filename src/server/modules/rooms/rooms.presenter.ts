import { catalogueParentOf } from '../../../shared/catalogue/catalogue-rooms';
import type { Room } from '../../../shared/entities/room';
import type { RoomRow } from '../../db/schema';

export function toRoom(row: RoomRow, userCount: number): Room {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.isDefault,
    isLocked: row.isLocked,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    isActive: row.isActive,
    userCount,
    icon: row.icon,
    isBroadcast: row.isBroadcast,
    hostId: row.hostId,
    speakers: row.speakers,
    micQueue: row.micQueue,
    chatLockAll: row.chatLockAll,
    chatLockVisitors: row.chatLockVisitors,
    pins: row.pins,
    announcement: row.announcement,
    welcome: row.welcome,
    slowModeSeconds: row.slowModeSeconds,
    parentId: catalogueParentOf(row.id),
  };
}
