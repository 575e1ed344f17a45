import { useEffect, useRef } from 'react';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import { chatPath, roomIdFromPath } from '../../../shared/pages/page-data';
import { afterOverlaysClosed } from '../../lib/back-stack';
import { sessionStore, useSession } from '../session/session-store';

/** Marks history entries of ours that show a room (the entry below one is the room picker). */
const ROOM_KEY = 'majlisRoom';

function isRoomEntry(state: unknown): boolean {
  return (state as Record<string, unknown> | null)?.[ROOM_KEY] === true;
}

/**
 * The address bar follows the screen: a room is `/chat/{roomId}`, the picker is the page the
 * visitor entered from. The session store stays the one source of the current room (the socket
 * layer moves it too: a deleted room, a refused join), and the address follows it; Back and
 * Forward move the store. Entering a room pushes one entry over the picker, changing rooms
 * replaces it, so Back goes room → picker → out of the site.
 */
export function useRoomAddress(): void {
  const [path] = useBrowserLocation();
  const { roomId, chosenRoomId } = useSession();
  const seenPath = useRef<string | null>(null);

  // First render: a room address wins over the stored room; give it a picker entry underneath.
  useEffect(() => {
    const fromUrl = roomIdFromPath(location.pathname);
    const wanted = fromUrl ?? chosenRoomId ?? sessionStore.getState().roomId;
    seenPath.current = location.pathname;
    if (fromUrl && !isRoomEntry(history.state)) {
      history.replaceState(null, '', '/');
      navigate(chatPath(fromUrl), { state: { [ROOM_KEY]: true } });
    }
    if (wanted !== sessionStore.getState().roomId) sessionStore.selectRoom(wanted);
    // The page under the chat (shown again after logout): the address goes back to it.
    const pagePath = fromUrl ? '/' : location.pathname + location.search;
    return () => {
      if (roomIdFromPath(location.pathname)) history.replaceState(null, '', pagePath);
    };
    // Once only: afterwards the two effects below keep store and address in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back / Forward (the address changed under us): the store follows.
  useEffect(() => {
    if (seenPath.current === null || seenPath.current === path) return;
    seenPath.current = path;
    const fromUrl = roomIdFromPath(path);
    if (fromUrl !== sessionStore.getState().roomId) sessionStore.selectRoom(fromUrl);
  }, [path]);

  // The room changed in the app: the address follows, once closing overlays has settled history.
  useEffect(() => {
    if (seenPath.current === null) return;
    afterOverlaysClosed(() => {
      // The store's value now, not this render's: the first effect may just have changed it.
      const { roomId } = sessionStore.getState();
      const current = roomIdFromPath(location.pathname);
      if (roomId === current) return;
      if (roomId) navigate(chatPath(roomId), { replace: current !== null, state: { [ROOM_KEY]: true } });
      else if (isRoomEntry(history.state)) history.back();
      else navigate('/', { replace: true });
      seenPath.current = location.pathname;
    });
  }, [roomId]);
}
