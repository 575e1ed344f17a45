import type { Room } from '../../../shared/entities/room';
import type { Role } from '../../../shared/roles';
import { Spinner } from '../../components/Spinner';
import { RoomList } from '../rooms/RoomList';
import { useRooms } from '../rooms/rooms-query';
import { ROOM_TEXTS } from '../rooms/texts';

/** The rooms tab of the chat: switch rooms without leaving the conversation screen. */
export function RoomsPanel({
  currentRoomId,
  role,
  username,
  onSelect,
}: {
  currentRoomId: string;
  role: Role;
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
        role={role}
        username={username}
        onSelect={onSelect}
        views={false}
        showStats={false}
      />
    </div>
  );
}
