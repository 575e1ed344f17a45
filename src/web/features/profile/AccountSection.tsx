import { Download, LogOut, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { authEndpoints, type SessionInfo } from '../../../shared/api/auth';
import { usersEndpoints } from '../../../shared/api/users';
import type { SelfUser } from '../../../shared/entities/user';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { callApi, errorToastText } from '../../lib/api';
import { showError, showSuccess } from '../../lib/toast';
import { sessionStore, useSession } from '../session/session-store';
import { EditorSection } from './EditorParts';
import { PROFILE_TEXTS as T } from './texts';

function SubTitle({ children }: { children: string }) {
  return <h4 className="text-base font-bold">{children}</h4>;
}

/** A visitor keeps everything by choosing a password. */
function UpgradeForm() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setError(T.passwordsDiffer);
    setBusy(true);
    setError(null);
    try {
      const { user } = await callApi(authEndpoints.upgrade, { body: { password } });
      sessionStore.updateUser(user);
      showSuccess(T.upgraded);
    } catch (failure) {
      setError(errorToastText(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={T.upgradeTitle}>
      <SubTitle>{T.upgradeTitle}</SubTitle>
      <p className="text-sm text-muted-foreground">{T.upgradeHint}</p>
      <TextField
        label={T.password}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <TextField
        label={T.passwordConfirm}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={error}
        required
      />
      <Button type="submit" disabled={busy || !password}>
        {T.upgrade}
      </Button>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callApi(authEndpoints.changePassword, { body: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      showSuccess(T.passwordChanged);
    } catch (failure) {
      setError(errorToastText(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={T.changePassword}>
      <SubTitle>{T.changePassword}</SubTitle>
      <TextField
        label={T.currentPassword}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <TextField
        label={T.newPassword}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={error}
        required
      />
      <Button type="submit" variant="secondary" disabled={busy || !current || !next}>
        {T.changePassword}
      </Button>
    </form>
  );
}

const WHEN = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' });

/** A short name for a browser from its user agent: enough to tell one's devices apart. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return T.unknownDevice;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}

function SessionsList() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const load = () =>
    callApi(authEndpoints.sessions)
      .then((reply) => setSessions(reply.sessions))
      .catch(showError);
  useEffect(() => void load(), []);
  async function end(session: SessionInfo) {
    try {
      await callApi(authEndpoints.endSession, { params: { sessionId: session.id } });
      showSuccess(T.sessionEnded);
      if (session.current) await sessionStore.logout();
      else await load();
    } catch (error) {
      showError(error);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <SubTitle>{T.sessions}</SubTitle>
      <ul className="flex flex-col gap-2">
        {(sessions ?? []).map((session) => (
          <li key={session.id} className="flex items-center gap-2 rounded-xl border border-border p-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" dir="auto">
                {deviceName(session.userAgent)}
                {session.current && (
                  <span className="ms-2 rounded-full bg-primary px-2 text-xs text-primary-foreground">
                    {T.thisDevice}
                  </span>
                )}
              </p>
              <p className="text-xs text-muted-foreground">{T.lastActive(WHEN.format(new Date(session.lastSeenAt)))}</p>
            </div>
            <Button
              variant="ghost"
              onClick={() => void end(session)}
              aria-label={`${T.endSession}: ${deviceName(session.userAgent)}`}
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              <span className="hidden sm:inline">{T.endSession}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ExportData({ user }: { user: SelfUser }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const data = await callApi(usersEndpoints.exportData, { params: { id: user.id } });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `majlis-data-${user.id}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <SubTitle>{T.exportTitle}</SubTitle>
      <p className="text-sm text-muted-foreground">{T.exportHint}</p>
      <Button variant="secondary" onClick={() => void download()} disabled={busy}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {T.exportButton}
      </Button>
    </div>
  );
}

function DeleteAccount({ user }: { user: SelfUser }) {
  const member = user.userType !== 'guest';
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callApi(usersEndpoints.deleteAccount, { params: { id: user.id }, body: member ? { password } : {} });
      showSuccess(T.deleted);
      await sessionStore.logout();
    } catch (failure) {
      setError(errorToastText(failure));
      setBusy(false);
    }
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-destructive/40 p-3"
      aria-label={T.deleteTitle}
    >
      <SubTitle>{T.deleteTitle}</SubTitle>
      <p className="text-sm text-muted-foreground">{T.deleteHint}</p>
      {member && (
        <TextField
          label={T.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      )}
      <TextField
        label={T.deleteConfirmLabel}
        value={word}
        onChange={(e) => setWord(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <Button type="submit" variant="danger" disabled={busy || word.trim() !== T.deleteWord || (member && !password)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {T.deleteButton}
      </Button>
    </form>
  );
}

/** Upgrade (visitors), password and sessions (members), the data download and account deletion. */
export function AccountSection({ user: initial }: { user: SelfUser }) {
  // The session's record: after an upgrade it says member at once.
  const user = useSession().user ?? initial;
  const guest = user.userType === 'guest';
  return (
    <EditorSection title={T.accountSection}>
      {guest ? <UpgradeForm /> : <PasswordForm />}
      <SessionsList />
      <ExportData user={user} />
      <DeleteAccount user={user} />
    </EditorSection>
  );
}
