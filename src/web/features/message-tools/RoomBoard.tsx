import { Megaphone, Pin, PinOff, X } from 'lucide-react';
import { useState } from 'react';
import * as z from 'zod/mini';
import { welcomeFor, type Room } from '../../../shared/entities/room';
import { readLocal, writeLocal } from '../../lib/local-store';
import { showError } from '../../lib/toast';
import { jumpToMessage } from '../people/MessageExtras';
import { roomToolsApi } from './room-tools-api';
import { MESSAGE_TOOLS_TEXTS as T } from './texts';

const closedKey = (roomId: string) => `majlis.announcementClosed.${roomId}`;

/** Whether this person closed this very announcement of the room (a new text shows again). */
function isClosed(roomId: string, text: string): boolean {
  return readLocal(closedKey(roomId), z.string()) === text;
}

const closeButton =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-primary';

/**
 * Under the room's header: its pinned messages (a tap jumps to one), its announcement (closable,
 * remembered on this device) and, on entering, its welcome to the reader by name.
 */
export function RoomBoard({ room, myName, canManage }: { room: Room; myName: string; canManage: boolean }) {
  const [closedNow, setClosedNow] = useState<string | null>(null);
  // The welcome as it was on entering (this board mounts per room): a change later is for newcomers.
  const [welcome] = useState(room.welcome);
  const [welcomeOpen, setWelcomeOpen] = useState(true);
  const announcement = room.announcement;
  const showAnnouncement = announcement !== '' && closedNow !== announcement && !isClosed(room.id, announcement);
  const showWelcome = welcomeOpen && welcome !== '' && myName !== '';
  if (room.pins.length === 0 && !showAnnouncement && !showWelcome) return null;
  return (
    <div className="flex flex-col gap-1 border-b border-border bg-card px-2 py-1 sm:px-3" data-room-board>
      {showWelcome && (
        <div role="status" className="flex items-center gap-2 rounded-xl bg-primary/10 px-3 text-sm" data-welcome>
          <p dir="auto" className="min-w-0 flex-1 py-2 break-words">
            {welcomeFor(welcome, myName)}
          </p>
          <button
            type="button"
            aria-label={T.closeWelcome}
            title={T.closeWelcome}
            onClick={() => setWelcomeOpen(false)}
            className={closeButton}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      )}
      {showAnnouncement && (
        <section
          aria-label={T.announcement}
          className="flex items-center gap-2 rounded-xl bg-warning/15 px-3 text-sm"
          data-announcement
        >
          <Megaphone aria-hidden="true" className="h-4 w-4 shrink-0 text-warning" />
          <p dir="auto" className="min-w-0 flex-1 py-2 break-words whitespace-pre-wrap">
            {announcement}
          </p>
          <button
            type="button"
            aria-label={T.closeAnnouncement}
            title={T.closeAnnouncement}
            onClick={() => {
              writeLocal(closedKey(room.id), announcement);
              setClosedNow(announcement);
            }}
            className={closeButton}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </section>
      )}
      {room.pins.length > 0 && (
        <nav aria-label={T.pinned} data-pins>
          <ul className="flex flex-col">
            {room.pins.map((pin) => (
              <li key={pin.id} className="flex min-w-0 items-center">
                <button
                  type="button"
                  onClick={() => jumpToMessage(pin.id)}
                  aria-label={T.jumpToPinned(pin.senderName)}
                  className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg px-1 text-start text-sm hover:bg-muted"
                >
                  <Pin aria-hidden="true" className="h-4 w-4 shrink-0 rotate-45 text-primary" />
                  <bdi className="shrink-0 font-bold">{pin.senderName}</bdi>
                  <span dir="auto" className="min-w-0 truncate text-muted-foreground">
                    {pin.excerpt}
                  </span>
                </button>
                {canManage && (
                  <button
                    type="button"
                    aria-label={T.unpin}
                    title={T.unpin}
                    onClick={() => void roomToolsApi.unpin(room.id, pin.id).catch(showError)}
                    className={`${closeButton} text-muted-foreground`}
                  >
                    <PinOff aria-hidden="true" className="h-4 w-4" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
