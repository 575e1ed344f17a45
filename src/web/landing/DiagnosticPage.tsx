import type { PageData } from '../../shared/pages/page-data';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { LANDING_TEXTS } from './texts';

const T = LANDING_TEXTS.diagnostic;

/** `/{country}/test-universal-system`: checks that a country's catalogue data hangs together. */
export default function DiagnosticPage({ data }: { data: Extract<PageData, { kind: 'diagnostic' }> }) {
  const { result } = data;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader withEnter={false} />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-5 px-4 py-12">
        <h1 className="text-2xl font-bold">{T.title}</h1>
        {result ? (
          <>
            <dl className="grid grid-cols-2 gap-3">
              {(
                [
                  [T.cityName, result.cityName],
                  [T.countryName, result.countryName],
                  [T.cityCount, String(result.cityCount)],
                  [T.chatLinkCount, String(result.chatLinkCount)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-2xl border border-border bg-card px-4 py-3">
                  <dt className="text-sm text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-bold tabular-nums">
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <p role="status" className="rounded-xl bg-accent px-4 py-3 font-medium text-accent-foreground">
              {T.success}
            </p>
          </>
        ) : (
          <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-destructive">
            {T.notFound}
          </p>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
