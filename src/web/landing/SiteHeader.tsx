import { Logo } from '../components/Logo';
import { focusEntryField } from './focus-entry';
import { LANDING_TEXTS as T } from './texts';

/** The black bar of the public pages: the logo home, and a way straight to the entry form. */
export function SiteHeader({ withEnter = true }: { withEnter?: boolean }) {
  return (
    <header className="bg-nav text-nav-foreground">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
        <a href="/" aria-label={`${T.siteName} - ${T.home}`} className="rounded-lg">
          <Logo className="text-xl" />
        </a>
        {withEnter && (
          <a
            href="#welcome"
            onClick={(event) => {
              // The visitor wants to type their name: put the cursor there, not just scroll.
              if (focusEntryField()) event.preventDefault();
            }}
            className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 text-sm font-medium text-primary-foreground"
          >
            {T.enterChat}
          </a>
        )}
      </div>
    </header>
  );
}
