import { X } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CHAT_TEXTS as T } from './texts';

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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          className={`fixed top-0 bottom-0 z-50 flex w-[85vw] max-w-sm flex-col bg-card shadow-2xl ${side === 'start' ? 'right-0' : 'left-0'}`}
        >
          <div className="flex items-center justify-between border-b border-border px-3 py-2">
            <Dialog.Title className="font-bold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={T.close}
              className="inline-flex h-9 w-9 items-center justify-center rounded-xl hover:bg-muted"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{title}</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
