import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Report } from '../../../../shared/entities/moderation';
import { errorToastText } from '../../../lib/api';
import { showSuccess } from '../../../lib/toast';
import { handleReport } from '../moderation-api';
import { reportHandled, useReports, type ReportStatus } from '../reports-query';
import { MODERATION_TEXTS as T } from '../texts';
import { openUserCard } from '../../people/user-card-store';
import { formatWhen, PanelButton, QueryView } from './PanelParts';

const STATUSES: ReportStatus[] = ['open', 'actioned', 'dismissed'];

/** The report queue: open reports to act on or close with an outcome; handled ones to look back on. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const query = useReports(status);
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={T.tab.reports} className="inline-flex gap-1 self-start rounded-xl bg-muted p-1">
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className="min-h-10 rounded-lg px-3 text-sm font-medium text-muted-foreground aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm"
          >
            {T.reportStatus[s]}
          </button>
        ))}
      </div>
      <QueryView query={query} empty={T.reportsEmpty} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="flex flex-col gap-2">
            {list.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

function ReportRow({ report }: { report: Report }) {
  const [closing, setClosing] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-border p-3">
      <p className="text-sm">
        {T.reportFrom} <bdi className="font-bold">{report.reporterName}</bdi> {T.reportAbout}{' '}
        {report.messageId !== null ? T.aMessage : null}{' '}
        {report.username && <bdi className="font-bold">{report.username}</bdi>}
        <time dateTime={report.createdAt} className="ms-2 text-xs text-muted-foreground tabular-nums">
          {formatWhen(report.createdAt)}
        </time>
      </p>
      {report.excerpt && (
        <blockquote dir="auto" className="rounded-xl bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {report.excerpt}
        </blockquote>
      )}
      <p className="text-sm break-words">
        <bdi>{report.reason}</bdi>
      </p>
      {report.status === 'open' ? (
        closing ? (
          <CloseReportForm report={report} onCancel={() => setClosing(false)} />
        ) : (
          <div className="flex flex-wrap gap-2">
            {report.userId !== null && (
              <PanelButton
                tone="danger"
                onClick={() =>
                  openUserCard(
                    {
                      id: report.userId!,
                      username: report.username ?? '',
                      role: null,
                      userType: null,
                      gender: null,
                      profileImage: null,
                    },
                    report.messageId !== null
                      ? { message: { id: report.messageId, content: report.excerpt ?? '' } }
                      : {},
                  )
                }
              >
                {T.act}
              </PanelButton>
            )}
            <PanelButton onClick={() => setClosing(true)}>{T.closeReport}</PanelButton>
          </div>
        )
      ) : (
        <p className="text-xs text-muted-foreground">
          {report.handledByName && T.handledBy(report.handledByName)}
          {report.outcome && (
            <>
              {' · '}
              <bdi>{report.outcome}</bdi>
            </>
          )}
        </p>
      )}
    </li>
  );
}

/** Closing a report: what the reporter is told, then actioned or dismissed. */
function CloseReportForm({ report, onCancel }: { report: Report; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function close(status: 'actioned' | 'dismissed') {
    setBusy(true);
    setError(null);
    try {
      const { report: handled } = await handleReport(report.id, status, outcome.trim() || undefined);
      reportHandled(queryClient, handled);
      showSuccess(T.done.reportClosed);
    } catch (failure) {
      setError(errorToastText(failure));
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {T.outcome}
      </label>
      <input
        id={id}
        dir="auto"
        value={outcome}
        maxLength={300}
        placeholder={T.outcomePlaceholder}
        onChange={(e) => setOutcome(e.target.value)}
        className="h-11 rounded-xl border border-border bg-card px-3 placeholder:text-muted-foreground focus:border-primary"
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <PanelButton tone="primary" disabled={busy} onClick={() => void close('actioned')}>
          {T.actioned}
        </PanelButton>
        <PanelButton tone="danger" disabled={busy} onClick={() => void close('dismissed')}>
          {T.dismiss}
        </PanelButton>
        <PanelButton disabled={busy} onClick={onCancel}>
          {T.cancel}
        </PanelButton>
      </div>
    </div>
  );
}
