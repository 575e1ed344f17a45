import { useId, useState } from 'react';
import { AVATAR_SIZES } from '../../../shared/constants';
import {
  DECORATION_MAX,
  parseTestPixelSize,
  TEST_PIXEL_MAX,
  TEST_PIXEL_MIN,
} from '../../../shared/profile/decoration-number';
import { Avatar } from '../../components/avatar';
import { AVATAR_TEST_TEXTS as T } from './texts';

type SizeName = keyof typeof AVATAR_SIZES;
const NUMBERS = Array.from({ length: DECORATION_MAX }, (_, i) => i + 1);
const FIELD = 'min-h-11 rounded-xl border border-border bg-card px-3 text-base';

/** `/tags/test`: every crown/tag 1..50 over a reference image, at a chosen size and frame. */
export default function TagsTestPage() {
  const ids = { reference: useId(), size: useId(), pixels: useId(), frame: useId() };
  const [reference, setReference] = useState('');
  const [size, setSize] = useState<SizeName>('large');
  const [pixels, setPixels] = useState('');
  const [frame, setFrame] = useState('');
  const px = parseTestPixelSize(pixels) ?? AVATAR_SIZES[size];
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{T.tagsTitle}</h1>
        <p className="text-muted-foreground">{T.tagsIntro}</p>
      </header>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={ids.reference} className="flex flex-col gap-1 text-sm font-medium">
          {T.reference}
          <input
            id={ids.reference}
            dir="ltr"
            className={FIELD}
            value={reference}
            placeholder="/default_avatar.svg"
            onChange={(e) => setReference(e.target.value)}
          />
        </label>
        <label htmlFor={ids.size} className="flex flex-col gap-1 text-sm font-medium">
          {T.size}
          <select id={ids.size} className={FIELD} value={size} onChange={(e) => setSize(e.target.value as SizeName)}>
            {(Object.keys(AVATAR_SIZES) as SizeName[]).map((name) => (
              <option key={name} value={name}>
                {T.sizes[name]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.pixels} className="flex flex-col gap-1 text-sm font-medium">
          {T.pixels}
          <input
            id={ids.pixels}
            type="number"
            inputMode="numeric"
            min={TEST_PIXEL_MIN}
            max={TEST_PIXEL_MAX}
            className={FIELD}
            value={pixels}
            onChange={(e) => setPixels(e.target.value)}
          />
        </label>
        <label htmlFor={ids.frame} className="flex flex-col gap-1 text-sm font-medium">
          {T.frame}
          <input id={ids.frame} dir="ltr" className={FIELD} value={frame} onChange={(e) => setFrame(e.target.value)} />
        </label>
      </form>
      <ul
        className="grid gap-x-4 gap-y-6"
        style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${Math.max(96, Math.round(px * 1.6))}px, 1fr))` }}
      >
        {NUMBERS.map((n) => (
          <li
            key={n}
            className="flex flex-col items-center justify-end gap-2"
            style={{ paddingTop: Math.round(px * 0.45) }}
            data-tag-cell={n}
          >
            <Avatar image={reference || null} gender={null} size={px} tag={n} frame={frame || null} loading="eager" />
            <span className="text-xs text-muted-foreground tabular-nums">{T.tag(n)}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
