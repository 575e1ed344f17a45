import { useId, useState, type FormEvent } from 'react';
import { MODERATION } from '../../../shared/entities/moderation';
import { sanction } from './moderation-api';
import { DurationPresets, FormButtons, FormError, ReasonField } from './FormParts';
import { MODERATION_TEXTS as T } from './texts';
import { useAction } from './use-action';
import type { CardUser } from '../people/user-card-store';

type TimedKind = 'kick' | 'mute' | 'ban';

/** Kick, mute or ban: a preset length, an optional reason and, for bans, the address option. */
export function SanctionForm({
  kind,
  user,
  onBack,
  onDone,
}: {
  kind: TimedKind;
  user: CardUser;
  onBack: () => void;
  onDone: () => void;
}) {
  const [minutes, setMinutes] = useState<number>(MODERATION.defaultMinutes[kind]);
  const [reason, setReason] = useState('');
  const [includeAddress, setIncludeAddress] = useState(false);
  const { busy, error, run } = useAction(onDone);
  const addressId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    void run(
      () =>
        sanction(kind, {
          targetId: user.id,
          durationMinutes: minutes,
          ...(trimmed ? { reason: trimmed } : {}),
          ...(kind === 'ban' && includeAddress ? { includeAddress: true } : {}),
        }),
      T.done[kind](user.username, minutes),
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <DurationPresets value={minutes} onChange={setMinutes} />
      <ReasonField label={T.reason} placeholder={T.reasonPlaceholder} value={reason} onChange={setReason} />
      {kind === 'ban' && (
        <div className="flex items-start gap-3 rounded-xl bg-muted p-3">
          <input
            id={addressId}
            type="checkbox"
            checked={includeAddress}
            onChange={(e) => setIncludeAddress(e.target.checked)}
            aria-describedby={`${addressId}-hint`}
            className="mt-1 h-5 w-5 shrink-0 accent-[var(--destructive)]"
          />
          <div>
            <label htmlFor={addressId} className="text-sm font-medium">
              {T.includeAddress}
            </label>
            <p id={`${addressId}-hint`} className="text-xs leading-5 text-muted-foreground">
              {T.includeAddressHint}
            </p>
          </div>
        </div>
      )}
      <FormError error={error} />
      <FormButtons submit={T.submit[kind]} busy={busy} onBack={onBack} />
    </form>
  );
}
