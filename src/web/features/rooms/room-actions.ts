import type { QueryClient } from '@tanstack/react-query';
import { ROOM_IMAGE_MAX_BYTES, roomsEndpoints } from '../../../shared/api/rooms';
import type { Room } from '../../../shared/entities/room';
import { ApiError, callApi } from '../../lib/api';
import { HTTP_TEXTS } from '../../lib/http-texts';
import { showError, showSuccess } from '../../lib/toast';
import { removeRoom, upsertRoom } from './rooms-query';
import { ROOM_TEXTS as T } from './texts';

/** The server's own reason when it gave one, after the action's text: "failed to …: too large". */
function failure(text: string, error: unknown): string {
  return error instanceof ApiError && error.message ? `${text}: ${error.message}` : text;
}

/** A picture past the limit is refused here, before a minute of uploading on a phone. */
export function pictureProblem(file: File): string | null {
  return file.size > ROOM_IMAGE_MAX_BYTES ? HTTP_TEXTS.tooLarge : null;
}

/**
 * Creates a room (spec §7 multipart). Resolves to the room, listed at once; rejects with the
 * Arabic text to show in the dialog.
 */
export async function createRoom(
  queryClient: QueryClient,
  input: { name: string; description: string; image: File | null },
): Promise<Room> {
  try {
    const { room } = await callApi(roomsEndpoints.create, {
      body: { name: input.name.trim(), description: input.description.trim(), isBroadcast: 'false' },
      files: { image: input.image ?? undefined },
    });
    upsertRoom(queryClient, room);
    return room;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_RESPONSE')
      throw new Error(T.roomNotReturned, { cause: error });
    throw new Error(failure(T.createFailed, error), { cause: error });
  }
}

/** Deletes a room; the list drops it at once. Says so, or why not. */
export async function deleteRoom(queryClient: QueryClient, room: Room): Promise<boolean> {
  try {
    await callApi(roomsEndpoints.remove, { params: { id: room.id } });
    removeRoom(queryClient, room.id);
    showSuccess(T.deleted);
    return true;
  } catch (error) {
    showError(failure(T.deleteFailed, error));
    return false;
  }
}

/** A new picture for a room (spec §8 toasts: success or error). */
export async function changeRoomPicture(queryClient: QueryClient, room: Room, file: File): Promise<void> {
  const problem = pictureProblem(file);
  if (problem) {
    showError(`${T.pictureFailed}: ${problem}`);
    return;
  }
  try {
    const { room: updated } = await callApi(roomsEndpoints.icon, {
      params: { id: room.id },
      body: {},
      files: { image: file },
    });
    upsertRoom(queryClient, updated);
    showSuccess(T.pictureUpdated);
  } catch (error) {
    showError(failure(T.pictureFailed, error));
  }
}

/** Locks or unlocks a room. Spec §8: a failure is not shown (the list keeps the true state). */
export async function setRoomLock(queryClient: QueryClient, room: Room, isLocked: boolean): Promise<void> {
  try {
    const { room: updated } = await callApi(roomsEndpoints.lock, { params: { id: room.id }, body: { isLocked } });
    upsertRoom(queryClient, updated);
  } catch {
    // Swallowed by design (spec §8 "Lock").
  }
}
