import { useState, type FormEvent } from 'react';
import { readerGender } from '../../lib/reader-voice';
import { sanction } from './moderation-api';
import { FormButtons, FormError, ReasonField } from './FormParts';
import { MODERATION_TEXTS as T } from './texts';
import { useAction } from './use-action';
import type { CardUser } from '../people/user-card-store';

/** A permanent block: a reason, then a confirmation naming the person. */
export function BlockForm({ user, onBack, onDone }: { user: CardUser; onBack: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useAction(onDone);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const trimmed = reason.trim();
    void run(
      () => sanction('block', { targetId: user.id, ...(trimmed ? { reason: trimmed } : {}) }),
      T.done.block(user.username),
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {confirming ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-3">
          <p className="font-bold text-destructive">{T.confirmBlock(user.username, readerGender())}</p>
          <p className="text-sm text-muted-foreground">{T.confirmBlockHint}</p>
        </div>
      ) : (
        <ReasonField label={T.reason} placeholder={T.reasonPlaceholder} value={reason} onChange={setReason} />
      )}
      <FormError error={error} />
      <FormButtons
        submit={confirming ? T.confirmBlockYes : T.submit.block}
        busy={busy}
        onBack={confirming ? () => setConfirming(false) : onBack}
      />
    </form>
  );
}
