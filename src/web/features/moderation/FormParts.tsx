import { useId, type ReactNode } from 'react';
import { MODERATION } from '../../../shared/entities/moderation';
import { MODERATION_TEXTS as T, presetLabel } from './texts';

const PRESETS: readonly number[] = MODERATION.presetMinutes;

/** One choice of a radio group drawn as a 44 px chip; the group's arrow keys move between them. */
export function ChoiceChip({
  name,
  value,
  checked,
  onSelect,
  className = '',
  children,
}: {
  name: string;
  value: string | number;
  checked: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center rounded-xl border border-border text-sm has-checked:border-primary has-checked:bg-accent has-checked:font-bold has-focus-visible:outline-2 has-focus-visible:outline-ring ${className}`}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="sr-only" />
      {children}
    </label>
  );
}

/** Spec presets, 5 minutes to a day, as one group of radio chips (arrow keys move between them). */
export function DurationPresets({ value, onChange }: { value: number; onChange: (minutes: number) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{T.duration}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {PRESETS.map((minutes) => (
          <ChoiceChip
            key={minutes}
            name={name}
            value={minutes}
            checked={value === minutes}
            onSelect={() => onChange(minutes)}
            className="justify-center px-2 text-center has-checked:text-accent-foreground"
          >
            {presetLabel(minutes)}
          </ChoiceChip>
        ))}
      </div>
    </fieldset>
  );
}

/** A reason of at most 300 characters, with its count; required for reports. */
export function ReasonField({
  label,
  placeholder,
  value,
  onChange,
  required = false,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const id = useId();
  const used = [...value].length;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span dir="ltr" className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          {T.charCount(used, MODERATION.reasonMax)}
        </span>
      </div>
      <textarea
        id={id}
        rows={2}
        dir="auto"
        value={value}
        maxLength={MODERATION.reasonMax}
        required={required}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 w-full resize-none rounded-xl border border-border bg-card px-3 py-2 text-base leading-6 placeholder:text-muted-foreground focus:border-primary"
      />
    </div>
  );
}

/** The server's refusal, in its own words. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {error}
    </p>
  );
}

/** The form's two buttons: the action (danger or primary) and back to the card's list. */
export function FormButtons({
  submit,
  busy,
  disabled = false,
  danger = true,
  onBack,
}: {
  submit: ReactNode;
  busy: boolean;
  disabled?: boolean;
  danger?: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex gap-2">
      <button
        type="submit"
        disabled={busy || disabled}
        className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-4 font-medium disabled:opacity-50 ${danger ? 'bg-destructive text-destructive-foreground' : 'bg-primary text-primary-foreground'}`}
      >
        {busy ? T.working : submit}
      </button>
      <button
        type="button"
        onClick={onBack}
        className="inline-flex min-h-11 items-center justify-center rounded-xl bg-muted px-4 font-medium hover:bg-border"
      >
        {T.back}
      </button>
    </div>
  );
}
