import { Tabs } from '../../components/Tabs';
import { useSession } from '../session/session-store';
import { AuthForm } from './AuthForm';
import { WELCOME_TEXTS as T } from './texts';

/** The way in: enter as a visitor with a nickname, log in, or register (spec §2 flow step 2). */
export function WelcomeCard({ defaultCountry }: { defaultCountry?: string }) {
  // A landing page's chat link was followed: say which room entering opens.
  const room = useSession().chosenName;
  return (
    <section
      id="welcome"
      aria-label={T.tabsLabel}
      className="scroll-mt-20 rounded-3xl border border-border bg-card p-5 shadow-lg md:p-7"
    >
      {room && (
        <p role="status" className="mb-4 rounded-2xl bg-accent p-3">
          {T.toEnter(room)}
          <bdi className="font-bold">{room}</bdi>
        </p>
      )}
      <Tabs
        label={T.tabsLabel}
        items={[
          { value: 'guest', label: T.guestTab, content: <AuthForm mode="guest" defaultCountry={defaultCountry} /> },
          { value: 'login', label: T.loginTab, content: <AuthForm mode="login" /> },
          {
            value: 'register',
            label: T.registerTab,
            content: <AuthForm mode="register" defaultCountry={defaultCountry} />,
          },
        ]}
      />
      <p className="mt-4 text-center text-xs text-muted-foreground">{T.ageNotice}</p>
    </section>
  );
}
