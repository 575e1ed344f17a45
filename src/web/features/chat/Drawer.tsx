import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useBackCloses } from '../../lib/back-stack';
import { CHAT_TEXTS as T } from './texts';
import { DialogCloseButton } from '../../components/DialogCloseButton';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Which edge it slides from: 'start' is the right edge in Arabic. */
  side: 'start' | 'end';
  children: ReactNode;
}

/** A side sheet for phones: rooms and online users live here below the desktop breakpoint. */
export default function Drawer({ open, onOpenChange, title, side, children }: DrawerProps) {
  // Mounted only while open: the phone's Back button closes it first.
  useBackCloses(() => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className={`fixed top-0 bottom-0 z-50 flex w-[85vw] max-w-sm flex-col bg-card shadow-2xl ${side === 'start' ? 'right-0' : 'left-0'}`}
        >
          {/* The content's own heading is the visible title (with its count): not said twice. */}
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <div className="flex justify-end px-2 pt-2">
            <DialogCloseButton label={T.close} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
