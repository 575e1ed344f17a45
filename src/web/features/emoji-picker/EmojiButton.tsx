import * as Popover from '@radix-ui/react-popover';
import { Smile } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { EMOJI_PICKER_TEXTS as T } from './texts';

// The emoji lists and search load only when the picker is first opened.
const EmojiPanel = lazy(() => import('./EmojiPanel'));

/**
 * The composer's emoji button. Choosing calls `onPick` with the code or character; the picker
 * then closes without taking focus back, so the composer (which focuses itself) keeps it.
 */
export default function EmojiButton({ onPick }: { onPick: (insert: string, isCode: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={T.open}
        title={T.open}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted aria-expanded:bg-accent"
      >
        <Smile aria-hidden="true" className="h-5 w-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={T.open}
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="z-50 w-[min(23.5rem,calc(100vw-1rem))] rounded-2xl border border-border bg-card text-card-foreground shadow-xl"
        >
          <Suspense
            fallback={
              <div className="flex h-80 items-center justify-center">
                <Spinner label={T.loading} />
              </div>
            }
          >
            <EmojiPanel
              onClose={() => setOpen(false)}
              onPick={(insert, isCode) => {
                setOpen(false);
                onPick(insert, isCode);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
