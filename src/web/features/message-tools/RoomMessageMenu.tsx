import { Pin, PinOff } from 'lucide-react';
import type { ListedMessage } from '../../../shared/entities/message';
import { can } from '../../../shared/policy';
import { showError, showSuccess } from '../../lib/toast';
import { useRooms } from '../rooms/rooms-query';
import { actorOf, useSession } from '../session/session-store';
import { OwnMessageActions } from './OwnMessageTools';
import { roomToolsApi } from './room-tools-api';
import { MESSAGE_TOOLS_TEXTS as T } from './texts';

/** What a room message's menu adds to react and reply: edit and delete one's own, pin for staff. */
export function RoomMessageMenu({
  message,
  own,
  onDone,
}: {
  message: ListedMessage;
  own: boolean;
  onDone: () => void;
}) {
  const session = useSession();
  const rooms = useRooms();
  const roomId = message.roomId;
  const room = rooms.data?.find((r) => r.id === roomId);
  const staff = can(actorOf(session), 'manageRoomMessages');
  const pinned = room?.pins.some((p) => p.id === message.id) ?? false;
  return (
    <>
      {staff && roomId && message.id > 0 && (
        <button
          type="button"
          aria-label={pinned ? T.unpin : T.pin}
          title={pinned ? T.unpin : T.pin}
          data-action="pin-message"
          onClick={() => {
            onDone();
            const call = pinned ? roomToolsApi.unpin(roomId, message.id) : roomToolsApi.pin(roomId, message.id);
            void call.then(() => showSuccess(pinned ? T.unpinDone : T.pinDone)).catch(showError);
          }}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-muted"
        >
          {pinned ? <PinOff aria-hidden="true" className="h-5 w-5" /> : <Pin aria-hidden="true" className="h-5 w-5" />}
        </button>
      )}
      {own && <OwnMessageActions message={message} kind="room" onDone={onDone} />}
    </>
  );
}
