import * as z from 'zod/mini';
import { isVirtualRoomId } from '../../../shared/entities/room-ids';
import { readLocal, removeLocal, writeLocal } from '../../lib/local-store';

/** Spec §3 "Session record", kept in localStorage. */
export const sessionRecordSchema = z.object({
  userId: z.int().check(z.positive()),
  username: z.string(),
  userType: z.string(),
  roomId: z.nullable(z.string()),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

const KEY = 'majlis.session';

export function loadSessionRecord(): SessionRecord | null {
  const record = readLocal(KEY, sessionRecordSchema);
  // The tabs 'public' and 'friends' count as no room.
  return record && isVirtualRoomId(record.roomId) ? { ...record, roomId: null } : record;
}

export function saveSessionRecord(record: SessionRecord): void {
  writeLocal(KEY, record);
}

export function clearSessionRecord(): void {
  removeLocal(KEY);
}
