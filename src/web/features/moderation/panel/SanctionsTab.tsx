import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Sanction } from '../../../../shared/entities/moderation';
import { can, type Actor } from '../../../../shared/policy';
import { errorToastText } from '../../../lib/api';
import { showError, showSuccess } from '../../../lib/toast';
import { liftSanction } from '../moderation-api';
import { MODERATION_TEXTS as T } from '../texts';
import { formatWhen, PanelButton, QueryView } from './PanelParts';
import { PANEL_KEYS, useSanctions } from './panel-queries';

/** Sanctions in force, each with its lift button when the viewer may lift it. */
export function SanctionsTab({ me, now }: { me: Actor; now: number }) {
  const query = useSanctions();
  return (
    <QueryView query={query} empty={T.sanctionsEmpty} isEmpty={(list) => list.length === 0}>
      {(list) => (
        <ul className="flex flex-col gap-2">
          {list.map((sanction) => (
            <SanctionRow key={sanction.id} me={me} sanction={sanction} now={now} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function SanctionRow({ me, sanction, now }: { me: Actor; sanction: Sanction; now: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // The list does not carry the person's role: only the viewer's own rank is checked here.
  const mayLift = can(me, 'liftSanction', sanction.kind, { id: sanction.userId, role: 'guest' });
  const expires = sanction.expiresAt ? Date.parse(sanction.expiresAt) : null;

  async function lift() {
    setBusy(true);
    try {
      await liftSanction(sanction.kind, sanction.userId);
      showSuccess(T.done.lifted(sanction.username));
      await queryClient.invalidateQueries({ queryKey: PANEL_KEYS.sanctions });
    } catch (error) {
      showError(errorToastText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-wrap items-start gap-3 rounded-2xl border border-border p-3">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${sanction.kind === 'mute' ? 'bg-warning/10 text-warning' : 'bg-destructive/10 text-destructive'}`}
          >
            {T.kind[sanction.kind]}
          </span>
          <bdi className="font-bold">{sanction.username}</bdi>
        </div>
        <p className="text-sm break-words">
          <bdi>{sanction.reason}</bdi>
        </p>
        <p className="text-xs text-muted-foreground">
          {T.by} <bdi>{sanction.actorName}</bdi> · {formatWhen(sanction.createdAt)}
        </p>
        <p className="text-xs font-medium">
          {expires === null ? T.permanent : T.endsIn(Math.max(1, (expires - now) / 1000))}
          {sanction.byAddress && <span className="font-normal text-muted-foreground"> · {T.byAddress}</span>}
        </p>
      </div>
      {mayLift && (
        <PanelButton
          tone="primary"
          disabled={busy}
          onClick={() => void lift()}
          aria-label={T.liftLabel(T.lift[sanction.kind], sanction.username)}
        >
          {T.lift[sanction.kind]}
        </PanelButton>
      )}
    </li>
  );
}
