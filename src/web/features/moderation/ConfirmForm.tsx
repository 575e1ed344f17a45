import type { FormEvent, ReactNode } from 'react';
import { FormButtons, FormError } from './FormParts';
import { useAction } from './use-action';

/** A one-step action (delete a message, lift a mute): a sentence and a button. */
export function ConfirmForm({
  question,
  submit,
  call,
  success,
  onBack,
  onDone,
}: {
  question: ReactNode;
  submit: string;
  call: () => Promise<unknown>;
  success: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const { busy, error, run } = useAction(onDone);
  function confirm(event: FormEvent) {
    event.preventDefault();
    void run(call, success);
  }
  return (
    <form onSubmit={confirm} className="flex flex-col gap-4">
      <p className="text-sm">{question}</p>
      <FormError error={error} />
      <FormButtons submit={submit} busy={busy} onBack={onBack} />
    </form>
  );
}
