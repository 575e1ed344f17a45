import { ImageUp, Lock, LockOpen, MoreVertical, Trash2 } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Room } from '../../../shared/entities/room';
import { can, type Actor } from '../../../shared/policy';
import { Button } from '../../components/Button';
import { readerGender } from '../../lib/reader-voice';
import { changeRoomPicture, deleteRoom, setRoomLock } from './room-actions';
import { ROOM_TEXTS as T } from './texts';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-muted';

/**
 * Spec §2: the menu of one room, with what the viewer may do there: lock or unlock (staff),
 * change the picture and delete (admin, owner; never a default room). Delete asks first.
 */
export default function RoomMenu({ room, actor }: { room: Room; actor: Actor }) {
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    const done = await deleteRoom(queryClient, room);
    setDeleting(false);
    if (done) setConfirming(false);
  }

  return (
    <>
      <DropdownMenu.Root dir="rtl">
        <DropdownMenu.Trigger
          aria-label={T.roomMenu(room.name)}
          title={T.roomMenu(room.name)}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-muted-foreground hover:bg-muted hover:text-foreground data-[state=open]:bg-muted"
        >
          <MoreVertical aria-hidden="true" className="h-5 w-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-xl border border-border bg-card p-1 text-card-foreground shadow-xl"
          >
            {can(actor, 'lockRoom') && (
              <DropdownMenu.Item className={ITEM} onSelect={() => void setRoomLock(queryClient, room, !room.isLocked)}>
                {room.isLocked ? (
                  <LockOpen aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Lock aria-hidden="true" className="h-4 w-4" />
                )}
                {room.isLocked ? T.unlockRoom : T.lockRoom}
              </DropdownMenu.Item>
            )}
            {can(actor, 'changeRoomIcon') && (
              <DropdownMenu.Item className={ITEM} onSelect={() => picker.current?.click()}>
                <ImageUp aria-hidden="true" className="h-4 w-4" />
                {T.changePicture}
              </DropdownMenu.Item>
            )}
            {can(actor, 'deleteRoom', room) && (
              <>
                <DropdownMenu.Separator className="my-1 h-px bg-border" />
                <DropdownMenu.Item className={`${ITEM} text-destructive`} onSelect={() => setConfirming(true)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {T.deleteRoom}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {can(actor, 'changeRoomIcon') && (
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          aria-label={T.changePicture}
          data-room-picture={room.id}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void changeRoomPicture(queryClient, room, file);
          }}
        />
      )}

      <Dialog.Root open={confirming} onOpenChange={(open) => !deleting && setConfirming(open)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content
            dir="rtl"
            role="alertdialog"
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-card p-5 text-card-foreground shadow-2xl"
          >
            <Dialog.Title className="text-lg font-bold">{T.confirmDelete(readerGender())}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-muted-foreground">
              {T.confirmDeleteDetail(room.name)}
            </Dialog.Description>
            <div className="mt-5 flex gap-2">
              <Button variant="danger" size="lg" className="flex-1" disabled={deleting} onClick={() => void remove()}>
                {deleting ? T.deleting : T.confirmDeleteButton}
              </Button>
              <Dialog.Close asChild>
                <Button variant="secondary" size="lg" disabled={deleting}>
                  {T.cancel}
                </Button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
