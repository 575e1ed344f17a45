import { Palette } from 'lucide-react';
import * as Popover from '@radix-ui/react-popover';
import { TEXT_COLOR_DEFAULT, TEXT_COLOR_PALETTE } from '../../../shared/constants';
import { CHAT_TEXTS as T } from './texts';

/** The default colour means the theme's text colour (light on a dark theme): its swatch shows that. */
const swatch = (color: string) => (color === TEXT_COLOR_DEFAULT ? 'var(--foreground)' : color);

/** The 24-colour palette of the composer. */
export default function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={T.textColor}
        title={T.textColor}
        className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted"
      >
        <Palette aria-hidden="true" className="h-5 w-5" />
        <span
          aria-hidden="true"
          className="absolute bottom-1.5 h-1 w-5 rounded-full"
          style={{ background: swatch(value) }}
        />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 rounded-2xl border border-border bg-card p-3 shadow-xl"
        >
          <div role="radiogroup" aria-label={T.textColor} className="grid grid-cols-6 gap-2">
            {TEXT_COLOR_PALETTE.map((color) => (
              <Popover.Close asChild key={color}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={value === color}
                  aria-label={T.colorName(color)}
                  onClick={() => onChange(color)}
                  className="h-8 w-8 rounded-full border-2 border-card shadow-[0_0_0_1px_var(--border)] aria-checked:shadow-[0_0_0_2px_var(--foreground)]"
                  style={{ background: swatch(color) }}
                />
              </Popover.Close>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
