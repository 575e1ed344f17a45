import type { ReactNode } from 'react';
import type { Breadcrumb } from '../../shared/pages/page-data';
import { WelcomeCard } from '../features/welcome/WelcomeCard';
import { Breadcrumbs } from './Breadcrumbs';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { LANDING_TEXTS as T } from './texts';

interface LandingLayoutProps {
  heading: string;
  intro: string;
  breadcrumbs?: Breadcrumb[];
  /** Country preselected in the visitor form. */
  defaultCountry?: string;
  children?: ReactNode;
}

/**
 * Every page that leads into the chat: its own heading and words, the promise (free, no sign-up),
 * the entry form, then the page's links. Complete as server HTML; the form needs JavaScript.
 */
export function LandingLayout({ heading, intro, breadcrumbs, defaultCountry, children }: LandingLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_55%)]">
      <SiteHeader />
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-10 px-4 py-4 md:py-10">
        {/* On a phone the form's button must show without scrolling (390×844): tighter type and gaps. */}
        <div className="grid items-start gap-5 md:grid-cols-2 md:items-center md:gap-8">
          <div className="flex flex-col gap-3 text-center md:gap-4 md:text-start">
            <h1 className="text-2xl leading-tight font-bold md:text-4xl">{heading}</h1>
            <p className="text-muted-foreground md:text-lg">{intro}</p>
            {/* The promise, once: free, no sign-up, works on a phone. */}
            <ul className="flex flex-wrap justify-center gap-2 md:justify-start">
              {T.perks.map((perk) => (
                <li
                  key={perk}
                  className="rounded-full bg-accent px-3 py-1 text-xs font-medium text-accent-foreground md:text-sm"
                >
                  {perk}
                </li>
              ))}
            </ul>
          </div>
          <WelcomeCard defaultCountry={defaultCountry} />
        </div>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
