import { Menu, Timer, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Room } from '../../../shared/entities/room';
import { ModerationEntry } from '../moderation/ModerationEntry';
import { usePanel } from '../moderation/panel-store';
import { UserCardHost } from '../people/UserCardHost';
import { MessagesButton } from '../private-messages/MessagesButton';
import { PrivateMessagesHost } from '../private-messages/PrivateMessagesHost';
import { usePm } from '../private-messages/pm-store';
import { can, denial, type Actor } from '../../../shared/policy';
import { RoomBoard } from '../message-tools/RoomBoard';
import { RoomToolsButton } from '../message-tools/RoomToolsButton';
import { MESSAGE_TOOLS_TEXTS } from '../message-tools/texts';
import { actorOf, sessionStore, useSession } from '../session/session-store';
import { useRooms } from '../rooms/rooms-query';
import { NetworkHealthDot } from '../network-health/NetworkHealthDot';
import { AppHeader } from './AppHeader';
import { Composer } from './Composer';
import { LinkBanner } from './LinkBanner';
import { MessageList } from './MessageList';
import { OnlineUsers } from './OnlineUsers';
import { useChat, useChatClient } from './timeline/chat-context';
import { onlineCountIn } from './timeline/chat-state';
import { RoomsPanel } from './RoomsPanel';
import { syncSoundsOn } from '../settings/sound-setting';
import { syncShowSystemMessages } from './system-messages-setting';
import { CHAT_TEXTS as T } from './texts';
import { TypingIndicator } from './TypingIndicator';
import { PeopleTabs } from '../friends/PeopleTabs';
import { NotificationBell } from '../notifications/NotificationBell';
import { NotificationsLive } from '../notifications/NotificationsLive';
import { showInTitle } from '../notifications/page-title';
import { PeopleLive } from '../people/PeopleLive';
import { StoriesLive } from '../stories/StoriesLive';
import { StoriesStrip } from '../stories/StoriesStrip';
import { RoomSearchButton } from '../search';
import { useMediaQuery } from '../../lib/use-media-query';

// Side sheets are for phones and only load when first opened.
const Drawer = lazy(() => import('./Drawer'));
// Staff only, and only once opened: its own chunk.
const ModerationPanel = lazy(() => import('../moderation/panel/ModerationPanel'));
// Broadcast rooms only: the voice bar and WebRTC load on entering one.
const VoiceBar = lazy(() => import('../voice/VoiceBar'));

/** Why `actor` may not post in `room` now, in Arabic (spec: chat locks shown in the composer). */
function postingBlockedReason(actor: Actor, room: Room | undefined): string | null {
  if (!room) return null;
  const refused = denial(actor, 'postInRoom', room);
  if (!refused) return null;
  return refused === 'ROOM_LOCKED' ? T.lockedRoomPosting : ERROR_MESSAGES[refused];
}

// shrink-0: on a phone the room's name gives way (it truncates), never a 44 px button.
const HEADER_TOOL =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-nav-foreground hover:bg-white/10';
/** The drawers' buttons: a desktop shows rooms and people in columns instead. */
const HEADER_BUTTON = `${HEADER_TOOL} lg:hidden`;

/**
 * Spec §2 flow step 4. Phones: one column, rooms and online users in side sheets. Desktop:
 * rooms, messages and online users side by side (right to left).
 */
export function ChatScreen({ roomId }: { roomId: string }) {
  const client = useChatClient();
  const session = useSession();
  const { user, record } = session;
  const rooms = useRooms();
  const room = rooms.data?.find((r) => r.id === roomId);
  const roomName = room?.name ?? '';
  const online = useChat((s) => onlineCountIn(s, roomId));
  const [roomsOpen, setRoomsOpen] = useState(false);
  const [usersOpen, setUsersOpen] = useState(false);
  // Below 640 px the header has no slot to spare: the connection dot sits beside the online count.
  const phone = useMediaQuery('(max-width: 639px)');
  const panel = usePanel();
  // On a desktop an open private conversation takes a column of its own at the far end.
  const privateDocked = usePm((s) => s.openWith !== null);
  const conversationWith = usePm((s) => s.openWith?.id ?? null);
  const myId = user?.id ?? record?.userId;
  const actor = actorOf(session);
  const username = user?.username ?? record?.username ?? '';
  const canManage = can(actor, 'manageRoomMessages');

  useEffect(() => client.joinRoom(roomId), [client, roomId]);
  // A conversation opened from a drawer (the card's «رسالة خاصة») comes to the front: the side
  // sheets close, so on a phone it is not left under them and Back goes from it to the room.
  const [shownConversation, setShownConversation] = useState(conversationWith);
  if (shownConversation !== conversationWith) {
    setShownConversation(conversationWith);
    if (conversationWith !== null) {
      setUsersOpen(false);
      setRoomsOpen(false);
    }
  }
  // The tab names the room (the unread count stays in front of it).
  useEffect(() => {
    if (!roomName) return;
    showInTitle(T.tabTitle(roomName));
    return () => showInTitle(null);
  }, [roomName]);
  useEffect(() => {
    if (!user) return;
    syncShowSystemMessages(user.showSystemMessages);
    syncSoundsOn(user.globalSoundEnabled);
  }, [user]);

  const select = (next: Room) => {
    setRoomsOpen(false);
    sessionStore.selectRoom(next.id);
  };

  return (
    <div className="flex h-dvh flex-col">
      <AppHeader
        start={
          <button
            type="button"
            className={HEADER_BUTTON}
            onClick={() => setRoomsOpen(true)}
            aria-label={T.openRooms}
            title={T.openRooms}
          >
            <Menu aria-hidden="true" className="h-5 w-5" />
          </button>
        }
        center={
          <div className="flex min-w-0 flex-col leading-tight">
            <span className="truncate font-bold">{roomName}</span>
            <span className="flex items-center gap-2 text-xs whitespace-nowrap text-white/70 tabular-nums">
              {phone && <NetworkHealthDot compact />}
              {T.onlineCount(online)}
              {room && room.slowModeSeconds > 0 && (
                <span
                  className="inline-flex items-center gap-0.5 whitespace-nowrap"
                  title={MESSAGE_TOOLS_TEXTS.slowMode(room.slowModeSeconds)}
                  data-slow-mode
                >
                  <Timer aria-hidden="true" className="h-3 w-3" />
                  <span className="sr-only">{MESSAGE_TOOLS_TEXTS.slowMode(room.slowModeSeconds)}</span>
                  <span aria-hidden="true">{MESSAGE_TOOLS_TEXTS.slowModeShort(room.slowModeSeconds)}</span>
                </span>
              )}
            </span>
          </div>
        }
        end={
          <>
            <RoomSearchButton roomId={roomId} roomName={roomName} className={HEADER_TOOL} />
            <NotificationBell />
            {!phone && <NetworkHealthDot />}
            <ModerationEntry />
            {room && canManage && <RoomToolsButton room={room} className={HEADER_TOOL} />}
            <MessagesButton />
            <button
              type="button"
              className={HEADER_BUTTON}
              onClick={() => setUsersOpen(true)}
              aria-label={T.openUsers}
              title={T.openUsers}
            >
              <Users aria-hidden="true" className="h-5 w-5" />
            </button>
          </>
        }
      />
      <LinkBanner />
      <NotificationsLive />
      <PeopleLive />
      <StoriesLive />
      <div
        className={`grid min-h-0 flex-1 grid-cols-1 ${privateDocked ? 'lg:grid-cols-[18rem_minmax(0,1fr)_25rem] 2xl:grid-cols-[18rem_minmax(0,1fr)_16rem_25rem]' : 'lg:grid-cols-[18rem_minmax(0,1fr)_16rem]'}`}
      >
        <aside
          aria-label={T.rooms}
          data-sidebar
          className="hidden min-h-0 overflow-y-auto border-e border-border bg-card lg:block"
        >
          <RoomsPanel currentRoomId={roomId} actor={actor} username={username} onSelect={select} />
        </aside>
        <main id="main" tabIndex={-1} data-image-drop className="flex min-h-0 flex-col bg-background">
          <h1 className="sr-only">{roomName}</h1>
          {room?.isBroadcast && myId !== undefined && (
            <Suspense fallback={null}>
              <VoiceBar key={roomId} room={room} myId={myId} actor={actor} />
            </Suspense>
          )}
          {room && <RoomBoard key={`board:${roomId}`} room={room} myName={username} canManage={canManage} />}
          <MessageList key={roomId} roomId={roomId} roomName={roomName} myId={myId} />
          <TypingIndicator roomId={roomId} />
          <Composer
            blockedReason={postingBlockedReason(actor, room)}
            slowModeSeconds={room && !can(actor, 'skipSlowMode') ? room.slowModeSeconds : 0}
          />
        </main>
        <aside
          aria-label={T.onlineUsers}
          data-sidebar
          className={`hidden min-h-0 border-s border-border bg-card lg:flex-col ${privateDocked ? '2xl:flex' : 'lg:flex'}`}
        >
          <StoriesStrip />
          <PeopleTabs online={<OnlineUsers roomId={roomId} myId={myId} />} />
        </aside>
        {privateDocked && <div aria-hidden="true" className="hidden lg:block" />}
      </div>
      {/* The panel holds its own card host, so a card opened from it stacks inside its dialog. */}
      {!panel.open && <UserCardHost />}
      <PrivateMessagesHost />
      <Suspense fallback={null}>
        {panel.open && <ModerationPanel />}
        {roomsOpen && (
          <Drawer open onOpenChange={setRoomsOpen} title={T.rooms} side="start">
            <RoomsPanel currentRoomId={roomId} actor={actor} username={username} onSelect={select} />
          </Drawer>
        )}
        {usersOpen && (
          <Drawer open onOpenChange={setUsersOpen} title={T.onlineUsers} side="end">
            <StoriesStrip />
            <PeopleTabs online={<OnlineUsers roomId={roomId} myId={myId} />} />
          </Drawer>
        )}
      </Suspense>
    </div>
  );
}
