import type { Room } from '../../../shared/entities/room';
import type { Actor } from '../../../shared/policy';
import { Spinner } from '../../components/Spinner';
import { RoomList } from '../rooms/RoomList';
import { useRooms } from '../rooms/rooms-query';
import { ROOM_TEXTS } from '../rooms/texts';

/** The rooms tab of the chat: switch rooms without leaving the conversation screen. */
export function RoomsPanel({
  currentRoomId,
  actor,
  username,
  onSelect,
}: {
  currentRoomId: string;
  actor: Actor;
  username: string;
  onSelect: (room: Room) => void;
}) {
  const rooms = useRooms();
  if (rooms.isPending)
    return (
      <div className="p-4">
        <Spinner label={ROOM_TEXTS.loading} />
      </div>
    );
  if (rooms.isError && !rooms.data)
    return (
      <p role="alert" className="p-4 text-destructive">
        {ROOM_TEXTS.fetchError}
      </p>
    );
  return (
    <div className="p-3">
      <RoomList
        rooms={rooms.data ?? []}
        currentRoomId={currentRoomId}
        actor={actor}
        username={username}
        onSelect={onSelect}
        views={false}
        showStats={false}
      />
    </div>
  );
}
