import { useState, type FormEvent } from 'react';
import { reportMessage, reportUser } from './moderation-api';
import { FormButtons, FormError, ReasonField } from './FormParts';
import { MODERATION_TEXTS as T } from './texts';
import { useAction } from './use-action';

/** A report on a person or on one of their messages: a reason is required. */
export function ReportForm({
  userId,
  messageId,
  onBack,
  onDone,
}: {
  userId: number;
  /** Set to report the message rather than the person. */
  messageId?: number;
  onBack: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction(onDone);
  const trimmed = reason.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    void run(
      () => (messageId === undefined ? reportUser(userId, trimmed) : reportMessage(messageId, trimmed)),
      T.done.report,
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <ReasonField
        label={T.reportReason}
        placeholder={T.reportPlaceholder}
        value={reason}
        onChange={setReason}
        required
      />
      <FormError error={error} />
      <FormButtons submit={T.submit.report} busy={busy} disabled={!trimmed} danger={false} onBack={onBack} />
    </form>
  );
}
