import { useQueryClient } from '@tanstack/react-query';
import type { Room } from '../../../shared/entities/room';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { actorOf, useSession, sessionStore } from '../session/session-store';
import { AppHeader } from '../chat/AppHeader';
import { RefusalBanner } from '../chat/LinkBanner';
import { RoomList } from './RoomList';
import { refreshRooms, useRooms } from './rooms-query';
import { ROOM_TEXTS as T } from './texts';

/** Spec §2 flow step 3: signed in with no room yet. Choosing a room joins it. */
export function RoomPicker() {
  const session = useSession();
  const { user, record, suggestedRoomId } = session;
  const rooms = useRooms();
  const queryClient = useQueryClient();
  const username = user?.username ?? record?.username ?? '';

  // Within a second of the last fetch, or while one runs, nothing new is asked (spec §4).
  const refresh = () => void refreshRooms(queryClient);
  const enter = (room: Room) => sessionStore.selectRoom(room.id);

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <RefusalBanner />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6">
        <div>
          <p className="text-muted-foreground">
            {T.pickerGreeting} <bdi className="font-medium text-foreground">{username}</bdi>
          </p>
          <h1 className="text-2xl font-bold">{T.pickerTitle}</h1>
        </div>
        {rooms.isPending ? (
          <Spinner label={T.loading} />
        ) : rooms.isError && !rooms.data ? (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-4"
          >
            <p className="text-destructive">{T.pickerFetchError}</p>
            <Button variant="secondary" onClick={() => void refreshRooms(queryClient, { force: true })}>
              {T.retry}
            </Button>
          </div>
        ) : (
          <RoomList
            rooms={rooms.data ?? []}
            currentRoomId={null}
            actor={actorOf(session)}
            username={username}
            onSelect={enter}
            onRefresh={refresh}
            refreshing={rooms.isFetching}
            suggestedRoomId={suggestedRoomId}
          />
        )}
        <p className="mt-auto border-t border-border pt-4 text-center text-sm text-muted-foreground">
          {T.pickerFooter}
        </p>
      </main>
    </div>
  );
}
