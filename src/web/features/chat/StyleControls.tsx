import { Bold, Palette } from 'lucide-react';
import { lazy, Suspense, type Dispatch, type SetStateAction } from 'react';
import type { ComposerStyle } from './composer-style';
import { CHAT_TEXTS as T } from './texts';

// The palette popover (and its positioning library) loads after the screen is up.
const ColorPicker = lazy(() => import('./ColorPicker'));

function ColorPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl opacity-60"
    >
      <Palette className="h-5 w-5" />
    </span>
  );
}

/** The text colour and bold buttons of a composer (room or private), spec §3 "Composer style". */
export function StyleControls({
  style,
  setStyle,
}: {
  style: ComposerStyle;
  setStyle: Dispatch<SetStateAction<ComposerStyle>>;
}) {
  return (
    <>
      <Suspense fallback={<ColorPlaceholder />}>
        <ColorPicker value={style.textColor} onChange={(textColor) => setStyle((s) => ({ ...s, textColor }))} />
      </Suspense>
      <button
        type="button"
        aria-pressed={style.bold}
        aria-label={T.bold}
        title={T.bold}
        onClick={() => setStyle((s) => ({ ...s, bold: !s.bold }))}
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted aria-pressed:bg-accent aria-pressed:text-accent-foreground"
      >
        <Bold aria-hidden="true" className="h-5 w-5" />
      </button>
    </>
  );
}
