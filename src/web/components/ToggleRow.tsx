import { useId } from 'react';

/**
 * An on/off setting: the whole row is the switch (a 44 px target), its hint read with it.
 * `inset` pads the row like the list rows around it.
 */
export function ToggleRow({
  label,
  hint,
  checked,
  onChange,
  inset = false,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  inset?: boolean;
}) {
  const hintId = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={hintId}
      onClick={() => onChange(!checked)}
      className={`flex min-h-12 w-full items-center justify-between gap-3 rounded-xl text-start hover:bg-muted ${inset ? 'px-3 py-2' : 'px-1 py-1'}`}
    >
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors motion-reduce:transition-none ${checked ? 'bg-primary' : 'bg-border'}`}
      >
        <span
          className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-[inset] motion-reduce:transition-none ${checked ? 'start-[1.375rem]' : 'start-0.5'}`}
        />
      </span>
    </button>
  );
}
