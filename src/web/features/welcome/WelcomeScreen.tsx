import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import { AuthForm } from './AuthForm';
import { WELCOME_TEXTS as T } from './texts';

interface WelcomeScreenProps {
  /** A heading for the page that shows the screen (a country or city page gives its own). */
  heading?: ReactNode;
  intro?: ReactNode;
  /** Country preselected in the visitor form. */
  defaultCountry?: string;
}

/** Spec §2 flow step 2: with no session, the visitor enters with a nickname, or a member logs in. */
export function WelcomeScreen({ heading, intro, defaultCountry }: WelcomeScreenProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_60%)]">
      <header className="bg-nav text-nav-foreground">
        <div className="mx-auto flex h-14 max-w-5xl items-center px-4">
          <Logo className="text-xl" />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto grid w-full max-w-5xl flex-1 items-start gap-8 px-4 py-8 md:grid-cols-2 md:items-center md:py-14"
      >
        <section className="flex flex-col gap-4 text-center md:text-start">
          <h1 className="text-3xl leading-tight font-bold md:text-4xl">{heading ?? `مجلس: ${T.tagline}`}</h1>
          <p className="text-lg text-muted-foreground">{intro ?? T.intro}</p>
          <ul className="flex flex-wrap justify-center gap-2 md:justify-start">
            {T.perks.map((perk) => (
              <li key={perk} className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
                {perk}
              </li>
            ))}
          </ul>
        </section>
        <section aria-label={T.tabsLabel} className="rounded-3xl border border-border bg-card p-5 shadow-lg md:p-7">
          <Tabs.Root defaultValue="guest" dir="rtl">
            <Tabs.List aria-label={T.tabsLabel} className="mb-5 grid grid-cols-3 gap-1 rounded-2xl bg-muted p-1">
              {(
                [
                  ['guest', T.guestTab],
                  ['login', T.loginTab],
                  ['register', T.registerTab],
                ] as const
              ).map(([value, label]) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="rounded-xl px-2 py-2 text-sm font-medium text-muted-foreground transition data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
                >
                  {label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="guest">
              <AuthForm mode="guest" defaultCountry={defaultCountry} />
            </Tabs.Content>
            <Tabs.Content value="login">
              <AuthForm mode="login" />
            </Tabs.Content>
            <Tabs.Content value="register">
              <AuthForm mode="register" defaultCountry={defaultCountry} />
            </Tabs.Content>
          </Tabs.Root>
          <p className="mt-4 text-center text-xs text-muted-foreground">{T.ageNotice}</p>
        </section>
      </main>
    </div>
  );
}
