import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The ✕ that closes a dialog, sheet or drawer: labelled, 44 px, the same everywhere. */
export function DialogCloseButton({
  label,
  className = '',
  disabled = false,
}: {
  label: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <Dialog.Close
      aria-label={label}
      disabled={disabled}
      className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted ${className}`}
    >
      <X aria-hidden="true" className="h-5 w-5" />
    </Dialog.Close>
  );
}
