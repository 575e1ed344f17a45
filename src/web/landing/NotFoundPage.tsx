import { useEffect, useState } from 'react';
import type { PageData } from '../../shared/pages/page-data';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { LANDING_TEXTS } from './texts';

const T = LANDING_TEXTS.notFound;
const REDIRECT_SECONDS = 5;

const HEADINGS = {
  country: [T.country, T.countryText],
  city: [T.city, T.cityText],
  subChat: [T.subChat, T.subChatText],
  page: [T.page, T.pageText],
} as const;

/** Unknown country, city, sub-chat or page (spec §2): say so, show what was asked, then go home. */
export default function NotFoundPage({ data }: { data: Extract<PageData, { kind: 'notFound' }> }) {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) window.location.replace('/');
  }, [left]);

  const [heading, text] = HEADINGS[data.reason];
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader withEnter={false} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center gap-5 px-4 py-12 text-center"
      >
        <h1 className="text-3xl font-bold">{heading}</h1>
        <p className="text-lg text-muted-foreground">{text}</p>
        <p className="rounded-xl bg-muted px-4 py-2">
          {T.requestedPath}:{' '}
          <bdi dir="ltr" className="font-mono">
            {data.requestedPath}
          </bdi>
        </p>
        {data.debug && (
          <section
            aria-labelledby="debug-title"
            className="w-full rounded-2xl border border-border bg-card p-4 text-start"
          >
            <h2 id="debug-title" className="mb-2 font-bold">
              {T.debugTitle}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{T.countryFound}</dt>
              <dd>{data.debug.countryFound ? T.yes : T.no}</dd>
              <dt className="text-muted-foreground">{T.citiesInCountry}</dt>
              <dd className="tabular-nums">{data.debug.citiesInCountry}</dd>
              <dt className="text-muted-foreground">{T.citiesInCatalogue}</dt>
              <dd className="tabular-nums">{data.debug.citiesInCatalogue}</dd>
            </dl>
          </section>
        )}
        <p role="status" className="text-sm text-muted-foreground">
          {T.redirecting(Math.max(left, 0))}
        </p>
        <a href="/" className="rounded-xl bg-primary px-5 py-2.5 font-medium text-primary-foreground">
          {T.goHome}
        </a>
      </main>
      <SiteFooter />
    </div>
  );
}
