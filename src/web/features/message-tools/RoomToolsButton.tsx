import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ROOM_TOOLS, type Room } from '../../../shared/entities/room';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { useBackCloses } from '../../lib/back-stack';
import { showError, showSuccess } from '../../lib/toast';
import { roomToolsApi } from './room-tools-api';
import { MESSAGE_TOOLS_TEXTS as T } from './texts';

/** Staff's button in the room's header: the announcement, the welcome message and slow mode. */
export function RoomToolsButton({ room, className }: { room: Room; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={T.roomTools}
        title={T.roomTools}
        data-action="room-tools"
      >
        <SlidersHorizontal aria-hidden="true" className="h-5 w-5" />
      </button>
      {open && <RoomToolsDialog room={room} onClose={() => setOpen(false)} />}
    </>
  );
}

const field =
  'w-full rounded-xl border border-border bg-background px-3 py-2 leading-6 focus:border-primary focus-visible:outline-none';

function RoomToolsDialog({ room, onClose }: { room: Room; onClose: () => void }) {
  useBackCloses(onClose);
  const id = useId();
  const [announcement, setAnnouncement] = useState(room.announcement);
  const [welcome, setWelcome] = useState(room.welcome);
  const [seconds, setSeconds] = useState(String(room.slowModeSeconds));
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      if (announcement.trim() !== room.announcement) await roomToolsApi.announcement(room.id, announcement);
      if (welcome.trim() !== room.welcome) await roomToolsApi.welcome(room.id, welcome);
      const slow = Number(seconds);
      if (slow !== room.slowModeSeconds) await roomToolsApi.slowMode(room.id, slow);
      showSuccess(T.saved);
      onClose();
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-x-2 top-[8vh] z-50 mx-auto max-h-[84vh] max-w-lg overflow-y-auto rounded-2xl bg-card p-4 text-foreground shadow-2xl"
        >
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">
              {T.roomTools}: <bdi>{room.name}</bdi>
            </Dialog.Title>
            <DialogCloseButton label={T.close} />
          </div>
          <form onSubmit={(e) => void save(e)} className="flex flex-col gap-3">
            <label htmlFor={`${id}-a`} className="text-sm font-bold">
              {T.announcementLabel}
            </label>
            <textarea
              id={`${id}-a`}
              dir="auto"
              rows={3}
              maxLength={ROOM_TOOLS.maxTextLength}
              value={announcement}
              onChange={(e) => setAnnouncement(e.target.value)}
              className={field}
            />
            <label htmlFor={`${id}-w`} className="text-sm font-bold">
              {T.welcomeLabel}
            </label>
            <textarea
              id={`${id}-w`}
              dir="auto"
              rows={2}
              maxLength={ROOM_TOOLS.maxTextLength}
              value={welcome}
              onChange={(e) => setWelcome(e.target.value)}
              className={field}
            />
            <label htmlFor={`${id}-s`} className="text-sm font-bold">
              {T.slowModeLabel}
            </label>
            <input
              id={`${id}-s`}
              type="number"
              inputMode="numeric"
              min={0}
              max={ROOM_TOOLS.maxSlowModeSeconds}
              step={1}
              value={seconds}
              onChange={(e) => setSeconds(e.target.value)}
              className={`${field} max-w-32 min-h-11`}
            />
            <button
              type="submit"
              disabled={saving}
              className="min-h-11 rounded-xl bg-primary px-4 font-bold text-primary-foreground disabled:opacity-50"
            >
              {T.save}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
