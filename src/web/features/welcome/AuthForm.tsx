import { useEffect, useRef, useState, type FormEvent } from 'react';
import { USERNAME_ERRORS } from '../../../shared/api/username-errors';
import { COUNTRY_NAMES } from '../../../shared/catalogue/countries';
import { GENDERS, usernameSchema, type Gender } from '../../../shared/entities/user';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { ApiError, errorToastText } from '../../lib/api';
import { reportSanctionRefusal, sanctionStore } from '../sanction/sanction-store';
import { sessionStore } from '../session/session-store';
import { enterAsGuest, login, register } from './auth-api';
import { WELCOME_TEXTS as T } from './texts';

type Mode = 'guest' | 'login' | 'register';

interface FormValues {
  username: string;
  password: string;
  gender: Gender | '';
  age: string;
  country: string;
}

declare global {
  interface Window {
    /** Set once the entry form is live; until then public/boot.js holds submissions. */
    majlisReady?: boolean;
    /** A form the visitor submitted before the script arrived. */
    majlisPendingSubmit?: HTMLFormElement;
  }
}

function readForm(element: HTMLFormElement, mode: Mode): FormValues {
  const data = new FormData(element);
  const text = (key: string) => {
    const value = data.get(key);
    return typeof value === 'string' ? value : '';
  };
  return {
    username: text('username'),
    password: text('password'),
    gender: GENDERS.find((g) => g === text(`gender-${mode}`)) ?? '',
    age: text('age'),
    country: text('country'),
  };
}

const SUBMIT_TEXT: Record<Mode, string> = { guest: T.enterChat, login: T.login, register: T.register };

/** A name refused before sending: its Arabic text (only name codes can come from the name check). */
function codeText(code: string | undefined): string | null {
  return code && code in USERNAME_ERRORS ? USERNAME_ERRORS[code as keyof typeof USERNAME_ERRORS] : null;
}

/** One form for the three ways in; the server's refusal is shown next to the field it concerns. */
export function AuthForm({ mode, defaultCountry }: { mode: Mode; defaultCountry?: string }) {
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const withProfile = mode !== 'login';

  async function send(values: FormValues) {
    setNameError(null);
    setFormError(null);
    if (mode !== 'login') {
      const checked = usernameSchema.safeParse(values.username);
      if (!checked.success) {
        setNameError(codeText(checked.error.issues[0]?.message));
        return;
      }
    }
    const profile = {
      ...(values.gender ? { gender: values.gender } : {}),
      ...(values.age ? { age: Number(values.age) } : {}),
      ...(values.country ? { country: values.country as never } : {}),
    };
    setBusy(true);
    try {
      const { user } =
        mode === 'guest'
          ? await enterAsGuest({ username: values.username, ...profile })
          : mode === 'login'
            ? await login({ username: values.username, password: values.password })
            : await register({ username: values.username, password: values.password, ...profile });
      // Let in again: whatever notice this browser still kept is over.
      if (sanctionStore.getState().notice) sanctionStore.close();
      sessionStore.signIn(user);
    } catch (error) {
      // A kick, ban or block shows its own full-screen notice, never a generic error.
      if (reportSanctionRefusal(error)) return;
      const text = errorToastText(error);
      if (error instanceof ApiError && error.code.startsWith('USERNAME')) setNameError(text);
      else setFormError(text);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read the fields themselves: right after the page comes alive, state may lag what is shown.
    void send(readForm(event.currentTarget, mode));
  }

  // The page is server-rendered and its script arrives a moment later. The fields are left to the
  // browser (uncontrolled), so nothing typed meanwhile is reset; if the button was already
  // pressed (public/boot.js held the submission), send it now.
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    window.majlisReady = true;
    if (window.majlisPendingSubmit === element) {
      window.majlisPendingSubmit = undefined;
      void send(readForm(element, mode));
    }
    // Only on mount: a held submission is sent once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form ref={form} method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={mode === 'guest' ? T.nickname : T.username}
        placeholder={mode === 'guest' ? T.nicknamePlaceholder : undefined}
        hint={mode === 'login' ? undefined : T.nicknameHint}
        name="username"
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
          name="password"
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
                  <input type="radio" name={`gender-${mode}`} value={value} className="sr-only" />
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
            <TextField label={T.age} type="number" inputMode="numeric" min={18} max={99} name="age" />
            <SelectField label={T.country} name="country" defaultValue={defaultCountry ?? ''}>
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
