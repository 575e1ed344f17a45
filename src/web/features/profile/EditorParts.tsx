import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { TEXT_COLOR_PALETTE } from '../../../shared/constants';
import { normalizeHexColor } from '../../../shared/entities/profile-style';
import { PROFILE_TEXTS as T } from './texts';

export function EditorSection({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-3 sm:p-4">
      <h3 id={id} className="text-sm font-bold text-muted-foreground">
        {title}
      </h3>
      {children}
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </section>
  );
}

const SELECT =
  'h-11 w-full rounded-xl border border-border bg-card px-3 text-base text-foreground focus:border-primary';

export function SelectRow({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={SELECT} {...props}>
        {children}
      </select>
    </div>
  );
}

/**
 * A colour: the palette's swatches (a radio group), the browser's colour picker and the hex
 * code, kept in step; an empty value is "no colour" when `allowNone`.
 */
export function ColorField({
  label,
  value,
  onChange,
  allowNone = true,
  noneLabel = T.noColor,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  allowNone?: boolean;
  noneLabel?: string;
}) {
  const id = useId();
  const current = normalizeHexColor(value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{label}</legend>
      <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1.5">
        {allowNone && (
          <button
            type="button"
            role="radio"
            aria-checked={value === ''}
            onClick={() => onChange('')}
            className="inline-flex h-11 items-center rounded-xl border border-border px-3 text-sm aria-checked:border-primary aria-checked:ring-2 aria-checked:ring-primary"
          >
            {noneLabel}
          </button>
        )}
        {TEXT_COLOR_PALETTE.map((colour) => (
          <button
            key={colour}
            type="button"
            role="radio"
            aria-checked={current === colour}
            aria-label={colour}
            title={colour}
            onClick={() => onChange(colour)}
            className="h-11 w-11 rounded-xl border-2 border-card shadow-sm outline-offset-2 aria-checked:ring-2 aria-checked:ring-primary"
            style={{ background: colour }}
          />
        ))}
      </div>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={label}
          value={current ?? '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-border bg-card p-1"
        />
        <label htmlFor={id} className="sr-only">
          {T.hexLabel}
        </label>
        <input
          id={id}
          dir="ltr"
          inputMode="text"
          spellCheck={false}
          placeholder="#000000"
          value={value}
          maxLength={7}
          onChange={(event) => onChange(event.target.value.trim())}
          aria-invalid={value !== '' && !current}
          className="h-11 w-32 rounded-xl border border-border bg-card px-3 font-mono text-base text-foreground aria-[invalid=true]:border-destructive"
        />
      </div>
    </fieldset>
  );
}
