import { useState, type FormEvent } from 'react';
import { ERROR_MESSAGES, type ErrorCode } from '../../../shared/api/errors';
import { COUNTRY_NAMES } from '../../../shared/catalogue/countries';
import { GENDERS, usernameSchema, type Gender } from '../../../shared/entities/user';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { ApiError, errorToastText } from '../../lib/api';
import { sessionStore } from '../session/session-store';
import { enterAsGuest, login, register } from './auth-api';
import { WELCOME_TEXTS as T } from './texts';

type Mode = 'guest' | 'login' | 'register';

const SUBMIT_TEXT: Record<Mode, string> = { guest: T.enterChat, login: T.login, register: T.register };

function codeText(code: string | undefined): string | null {
  return code && code in ERROR_MESSAGES ? ERROR_MESSAGES[code as ErrorCode] : null;
}

/** One form for the three ways in; the server's refusal is shown next to the field it concerns. */
export function AuthForm({ mode, defaultCountry }: { mode: Mode; defaultCountry?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [gender, setGender] = useState<Gender | ''>('');
  const [age, setAge] = useState('');
  const [country, setCountry] = useState(defaultCountry ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withProfile = mode !== 'login';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNameError(null);
    setFormError(null);
    if (mode !== 'login') {
      const checked = usernameSchema.safeParse(username);
      if (!checked.success) {
        setNameError(codeText(checked.error.issues[0]?.message));
        return;
      }
    }
    const profile = {
      ...(gender ? { gender } : {}),
      ...(age ? { age: Number(age) } : {}),
      ...(country ? { country: country as never } : {}),
    };
    setBusy(true);
    try {
      const { user } =
        mode === 'guest'
          ? await enterAsGuest({ username, ...profile })
          : mode === 'login'
            ? await login({ username, password })
            : await register({ username, password, ...profile });
      sessionStore.signIn(user);
    } catch (error) {
      const text = errorToastText(error);
      if (error instanceof ApiError && error.code.startsWith('USERNAME')) setNameError(text);
      else setFormError(text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={mode === 'guest' ? T.nickname : T.username}
        placeholder={mode === 'guest' ? T.nicknamePlaceholder : undefined}
        hint={mode === 'login' ? undefined : T.nicknameHint}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={nameError}
        autoComplete={mode === 'guest' ? 'nickname' : 'username'}
        maxLength={40}
        dir="auto"
        required
      />
      {mode !== 'guest' && (
        <TextField
          label={T.password}
          type="password"
          hint={mode === 'register' ? T.passwordHint : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          dir="ltr"
          required
        />
      )}
      {withProfile && (
        <>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{T.gender}</legend>
            <div className="grid grid-cols-2 gap-2">
              {GENDERS.map((value) => (
                <label
                  key={value}
                  className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-border bg-card has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
                >
                  <input
                    type="radio"
                    name={`gender-${mode}`}
                    value={value}
                    checked={gender === value}
                    onChange={() => setGender(value)}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className="h-3 w-3 rounded-full"
                    style={{ background: value === 'أنثى' ? 'var(--ring-female)' : 'var(--ring-male)' }}
                  />
                  {value === 'أنثى' ? T.female : T.male}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={T.age}
              type="number"
              inputMode="numeric"
              min={18}
              max={99}
              value={age}
              onChange={(e) => setAge(e.target.value)}
            />
            <SelectField label={T.country} value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">{T.chooseCountry}</option>
              {COUNTRY_NAMES.map((c) => (
                <option key={c.path} value={c.path}>
                  {c.nameAr}
                </option>
              ))}
            </SelectField>
          </div>
        </>
      )}
      {formError && (
        <p role="alert" className="rounded-xl bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy} className="mt-1 w-full">
        {busy ? T.entering : SUBMIT_TEXT[mode]}
      </Button>
    </form>
  );
}
