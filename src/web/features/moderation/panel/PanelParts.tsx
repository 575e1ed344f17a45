import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { Role } from '../../../../shared/roles';
import { isStaff } from '../../../../shared/roles';
import { Spinner } from '../../../components/Spinner';
import { errorToastText } from '../../../lib/api';
import { CHAT_TEXTS } from '../../chat/texts';
import { MODERATION_TEXTS as T } from '../texts';

const when = new Intl.DateTimeFormat('ar-u-nu-latn', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment in a list: "3 فبراير 14:30". */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : when.format(date);
}

/** Loading, failed (with a retry) or the content; an empty list says so. */
export function QueryView<T>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={T.loading} />;
  if (query.isError || query.data === undefined)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        <span>
          {T.loadFailed}: {errorToastText(query.error)}
        </span>
        <PanelButton onClick={() => void query.refetch()}>{T.retry}</PanelButton>
      </div>
    );
  if (isEmpty(query.data)) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return <>{children(query.data)}</>;
}

type Tone = 'neutral' | 'danger' | 'primary';
const TONES: Record<Tone, string> = {
  neutral: 'bg-muted text-foreground hover:bg-border',
  danger: 'bg-destructive/10 text-destructive hover:bg-destructive/20',
  primary: 'bg-primary text-primary-foreground hover:brightness-110',
};

/** The panel's buttons: at least 44 px, in three tones. */
export function PanelButton({
  tone = 'neutral',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-medium disabled:opacity-50 ${TONES[tone]} ${className}`}
      {...props}
    />
  );
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs whitespace-nowrap ${isStaff(role) ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground'}`}
    >
      {CHAT_TEXTS.roles[role]}
    </span>
  );
}

/** A labelled search box. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="block">
      <span className="sr-only">{label}</span>
      <input
        type="search"
        dir="auto"
        value={value}
        placeholder={label}
        onChange={(e) => onChange(e.target.value)}
        className="h-11 w-full rounded-xl border border-border bg-card px-3 text-base placeholder:text-muted-foreground focus:border-primary"
      />
    </label>
  );
}
