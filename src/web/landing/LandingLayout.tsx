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
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-10 px-4 py-6 md:py-10">
        <div className="grid items-start gap-8 md:grid-cols-2 md:items-center">
          <div className="flex flex-col gap-4 text-center md:text-start">
            <h1 className="text-3xl leading-tight font-bold md:text-4xl">{heading}</h1>
            <p className="text-lg text-muted-foreground">{intro}</p>
            <p className="font-medium">{T.freeNoSignup}</p>
            <ul className="flex flex-wrap justify-center gap-2 md:justify-start">
              {T.perks.map((perk) => (
                <li key={perk} className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
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
