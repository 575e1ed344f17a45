import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { foldUsername } from '../../../../shared/entities/username-key';
import type { UserType } from '../../../../shared/entities/user';
import { can, type Actor } from '../../../../shared/policy';
import type { Role } from '../../../../shared/roles';
import { errorToastText } from '../../../lib/api';
import { showSuccess } from '../../../lib/toast';
import { CHAT_TEXTS } from '../../chat/texts';
import { ChoiceChip } from '../FormParts';
import { setRole } from '../moderation-api';
import { MODERATION_TEXTS as T } from '../texts';
import { PanelButton, RoleBadge, SearchBox } from './PanelParts';
import { PANEL_KEYS, useLog, useOnlineEveryone } from './panel-queries';

/** Someone whose role may be set: from the online list (role known) or the log (name only). */
interface Candidate {
  id: number;
  username: string;
  role: Role | null;
  userType: UserType | null;
}

const ROLE_CHOICES: Role[] = ['member', 'moderator', 'admin'];
const MAX_RESULTS = 20;

/** Whether the viewer hands out any role at all (owner: up to admin; admin: moderators). */
export function mayManageRoles(me: Actor): boolean {
  return can(me, 'setRole', { id: -1, role: 'member', isMember: true }, 'moderator');
}

/** Roles the viewer may give this person, asked from the policy (unknown role: as a member). */
export function grantableRoles(me: Actor, candidate: Candidate): Role[] {
  const target = {
    id: candidate.id,
    role: candidate.role ?? 'member',
    isMember: candidate.userType === null ? true : candidate.userType !== 'guest',
  };
  return ROLE_CHOICES.filter((role) => can(me, 'setRole', target, role));
}

/** Role management: find a member by name or number among those online or in the log, then set their role. */
export function RolesTab({ me }: { me: Actor }) {
  const online = useOnlineEveryone();
  const log = useLog({});
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Candidate | null>(null);

  const candidates = useMemo(() => {
    const byId = new Map<number, Candidate>();
    for (const entry of log.data?.pages.flatMap((p) => p.entries) ?? []) {
      if (entry.actorId !== null)
        byId.set(entry.actorId, { id: entry.actorId, username: entry.actorName, role: null, userType: null });
      if (entry.targetId !== null && entry.targetName)
        byId.set(entry.targetId, { id: entry.targetId, username: entry.targetName, role: null, userType: null });
    }
    // The online list knows the current role: it wins.
    for (const user of online.data ?? [])
      byId.set(user.id, { id: user.id, username: user.username, role: user.role, userType: user.userType });
    return [...byId.values()];
  }, [log.data, online.data]);

  const term = search.trim();
  const isNumber = /^\d+$/u.test(term);
  const key = foldUsername(term);
  const results =
    term.length === 0 || (!isNumber && [...term].length < 2)
      ? []
      : candidates
          .filter((c) => (isNumber ? String(c.id) === term : foldUsername(c.username).includes(key)))
          .slice(0, MAX_RESULTS);
  // A number nobody listed is still someone: the server knows them.
  if (isNumber && results.length === 0 && Number(term) > 0)
    results.push({ id: Number(term), username: T.idLabel(Number(term)), role: null, userType: null });

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{T.rolesHint}</p>
      <SearchBox label={T.roleSearch} value={search} onChange={setSearch} />
      {term && results.length === 0 && <p className="text-sm text-muted-foreground">{T.searchFirst}</p>}
      {results.length > 0 && (
        <ul aria-label={T.roleCandidates} className="flex flex-col divide-y divide-border">
          {results.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={picked?.id === c.id}
                onClick={() => setPicked(c)}
                className="flex min-h-11 w-full items-center gap-2 rounded-xl px-2 text-start hover:bg-muted aria-pressed:bg-accent"
              >
                <bdi className="min-w-0 flex-1 truncate font-medium">{c.username}</bdi>
                <span className="text-xs text-muted-foreground tabular-nums">{T.idLabel(c.id)}</span>
                {c.role && <RoleBadge role={c.role} />}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && <RoleForm key={picked.id} me={me} candidate={picked} onDone={() => setPicked(null)} />}
    </div>
  );
}

function RoleForm({ me, candidate, onDone }: { me: Actor; candidate: Candidate; onDone: () => void }) {
  const queryClient = useQueryClient();
  const choices = grantableRoles(me, candidate);
  const [role, setChosen] = useState<Role | null>(
    candidate.role && choices.includes(candidate.role) ? candidate.role : null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();

  async function save() {
    if (!role) return;
    setBusy(true);
    setError(null);
    try {
      const { user } = await setRole(candidate.id, role);
      showSuccess(T.done.role(user.username, CHAT_TEXTS.roles[user.role]));
      await queryClient.invalidateQueries({ queryKey: PANEL_KEYS.online });
      onDone();
    } catch (failure) {
      setError(errorToastText(failure));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${name}-title`} className="flex flex-col gap-3 rounded-2xl border border-border p-3">
      <h3 id={`${name}-title`} className="flex flex-wrap items-center gap-2 font-bold">
        <bdi>{candidate.username}</bdi>
        <span className="text-sm font-normal text-muted-foreground">
          {T.currentRole}: {candidate.role ? CHAT_TEXTS.roles[candidate.role] : T.unknownRole}
        </span>
      </h3>
      {choices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noActions}</p>
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{T.newRole}</legend>
            <div className="flex flex-wrap gap-2">
              {choices.map((r) => (
                <ChoiceChip
                  key={r}
                  name={name}
                  value={r}
                  checked={role === r}
                  onSelect={() => setChosen(r)}
                  className="px-4"
                >
                  {CHAT_TEXTS.roles[r]}
                </ChoiceChip>
              ))}
            </div>
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <PanelButton
            tone="primary"
            className="self-start"
            disabled={!role || busy || role === candidate.role}
            onClick={() => void save()}
          >
            {busy ? T.working : T.saveRole}
          </PanelButton>
        </>
      )}
    </section>
  );
}
