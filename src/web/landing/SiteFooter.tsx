import { LANDING_TEXTS as T } from './texts';

const LINKS = [
  ['/', T.home],
  ['/arabic', T.arabic],
  ['/emojis', T.emojis],
  ['/privacy', T.privacy],
  ['/terms', T.terms],
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-border bg-card">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground md:flex-row md:items-center md:justify-between">
        <nav aria-label={T.footerLinks}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {LINKS.map(([href, label]) => (
              <li key={href}>
                <a href={href} className="underline-offset-4 hover:text-foreground hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>{T.copyright}</p>
      </div>
    </footer>
  );
}
