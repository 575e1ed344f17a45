import type { Breadcrumb } from '../../shared/pages/page-data';
import { LANDING_TEXTS as T } from './texts';

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  return (
    <nav aria-label={T.breadcrumbLabel} className="mx-auto w-full max-w-5xl px-4 pt-4 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={item.path} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">‹</span>}
            {index === items.length - 1 ? (
              <span aria-current="page" className="font-medium text-foreground">
                {item.name}
              </span>
            ) : (
              <a href={item.path} className="underline-offset-4 hover:underline">
                {item.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
