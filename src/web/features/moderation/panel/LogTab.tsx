import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { LOGGED_ACTIONS, type LogEntry, type LoggedAction } from '../../../../shared/entities/moderation';
import { ROLES, type Role } from '../../../../shared/roles';
import { CHAT_TEXTS } from '../../chat/texts';
import { MODERATION_TEXTS as T } from '../texts';
import { formatWhen, PanelButton, QueryView } from './PanelParts';
import { useLog, type LogFilter } from './panel-queries';

/** Someone whose entries alone are shown: as the one who acted, or the one acted upon. */
interface PersonFilter {
  id: number;
  name: string;
  as: 'actor' | 'target';
}

function actionLabel(action: string): string {
  return (LOGGED_ACTIONS as readonly string[]).includes(action) ? T.logged[action as LoggedAction] : action;
}

/** A role change records the new role as its reason: shown in Arabic. */
function reasonText(entry: LogEntry): string | null {
  const { reason } = entry;
  if (entry.action === 'setRole' && reason && (ROLES as readonly string[]).includes(reason))
    return CHAT_TEXTS.roles[reason as Role];
  return reason;
}

/** Minutes between an entry and its expiry, when it had one (kicks, mutes, bans). */
function entryMinutes(entry: LogEntry): number | null {
  if (!entry.expiresAt) return null;
  const minutes = Math.round((Date.parse(entry.expiresAt) - Date.parse(entry.createdAt)) / 60_000);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}

/** The moderation log, newest first, filtered by action and person, a page at a time. */
export function LogTab() {
  const [action, setAction] = useState('');
  const [person, setPerson] = useState<PersonFilter | null>(null);
  const filter: LogFilter = {
    ...(action ? { action } : {}),
    ...(person ? (person.as === 'actor' ? { actorId: person.id } : { targetId: person.id }) : {}),
  };
  const query = useLog(filter);
  const selectId = useId();
  const pages = query.data?.pages;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            {T.logAction}
          </label>
          <select
            id={selectId}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            className="h-11 rounded-xl border border-border bg-card px-3"
          >
            <option value="">{T.allActions}</option>
            {LOGGED_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {T.logged[a]}
              </option>
            ))}
          </select>
        </div>
        {person && (
          <PanelButton onClick={() => setPerson(null)} aria-label={T.showAll}>
            <span>
              {T.logFor('')}
              <bdi className="font-bold">{person.name}</bdi>
            </span>
            <X aria-hidden="true" className="h-4 w-4" />
          </PanelButton>
        )}
      </div>
      <QueryView
        query={{ ...query, data: pages }}
        empty={T.logEmpty}
        isEmpty={(list) => list.every((page) => page.entries.length === 0)}
      >
        {(list) => (
          <>
            <ol className="flex flex-col divide-y divide-border">
              {list
                .flatMap((page) => page.entries)
                .map((entry) => (
                  <LogRow key={entry.id} entry={entry} onPerson={setPerson} />
                ))}
            </ol>
            {query.hasNextPage && (
              <PanelButton
                className="self-center"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? T.loading : T.loadMore}
              </PanelButton>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

function PersonButton({
  id,
  name,
  as,
  onPerson,
}: {
  id: number | null;
  name: string;
  as: PersonFilter['as'];
  onPerson: (p: PersonFilter) => void;
}) {
  if (id === null) return <bdi className="font-bold">{name}</bdi>;
  return (
    <button
      type="button"
      onClick={() => onPerson({ id, name, as })}
      title={T.filterByPerson(name)}
      className="inline-flex min-h-11 items-center rounded-lg px-1 font-bold underline-offset-4 hover:underline"
    >
      <bdi>{name}</bdi>
    </button>
  );
}

function LogRow({ entry, onPerson }: { entry: LogEntry; onPerson: (p: PersonFilter) => void }) {
  const minutes = entryMinutes(entry);
  const reason = reasonText(entry);
  return (
    <li className="flex flex-col py-1.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-1.5">
        <PersonButton id={entry.actorId} name={entry.actorName} as="actor" onPerson={onPerson} />
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-bold">{actionLabel(entry.action)}</span>
        {entry.targetName && (
          <PersonButton id={entry.targetId} name={entry.targetName} as="target" onPerson={onPerson} />
        )}
        {minutes !== null && <span className="text-muted-foreground">{T.forDuration(minutes)}</span>}
        <time dateTime={entry.createdAt} className="ms-auto text-xs text-muted-foreground tabular-nums">
          {formatWhen(entry.createdAt)}
        </time>
      </div>
      {reason && (
        <p className="text-muted-foreground break-words">
          <bdi>{reason}</bdi>
        </p>
      )}
      {entry.messageText && (
        <p className="break-words text-muted-foreground">
          {T.earlierText}{' '}
          <q dir="auto" className="text-foreground">
            {entry.messageText}
          </q>
        </p>
      )}
    </li>
  );
}
