import type { LinkItem } from '../../shared/pages/page-data';

function Links({ items }: { items: LinkItem[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.path}>
          <a
            href={item.path}
            className="flex h-full flex-col rounded-2xl border border-border bg-card px-3 py-2 transition hover:border-primary"
          >
            <span className="font-medium">{item.name}</span>
            {item.hint && <span className="text-xs text-muted-foreground">{item.hint}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Plain links between landing pages (what crawlers follow), optionally under their own heading. */
export function LinkGrid({ id, title, items }: { id?: string; title?: string; items: LinkItem[] }) {
  if (items.length === 0) return null;
  if (!title || !id) return <Links items={items} />;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <Links items={items} />
    </section>
  );
}
