import type { PageData } from '../../shared/pages/page-data';
import { fillLegalText } from '../features/legal/fill';
import type { LegalDocument } from '../features/legal/legal-types';
import { PRIVACY_POLICY } from '../features/legal/privacy-policy';
import { TERMS_OF_USE } from '../features/legal/terms-of-use';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export const LEGAL_TEXTS = { back: 'العودة إلى الصفحة الرئيسية', contents: 'المحتويات' } as const;

const DOCUMENTS: Record<'privacy' | 'terms', LegalDocument> = { privacy: PRIVACY_POLICY, terms: TERMS_OF_USE };

/** Privacy policy and terms: plain server HTML (the page loads no JavaScript), with a back button. */
export default function LegalPage({ data }: { data: Extract<PageData, { kind: 'legal' }> }) {
  const doc = DOCUMENTS[data.doc];
  const fill = (text: string) => fillLegalText(text, data);
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader withEnter={false} />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8">
        <p>
          <a href="/" className="inline-flex items-center gap-2 rounded-xl bg-muted px-4 py-2 font-medium">
            <span aria-hidden="true">→</span> {LEGAL_TEXTS.back}
          </a>
        </p>
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold">{doc.title}</h1>
          <p className="text-sm text-muted-foreground">{doc.updatedLabel}</p>
          <p className="text-lg">{fill(doc.intro)}</p>
        </header>
        <nav aria-labelledby="contents" className="rounded-2xl border border-border bg-card p-4">
          <h2 id="contents" className="mb-2 font-bold">
            {LEGAL_TEXTS.contents}
          </h2>
          <ol className="list-inside list-decimal columns-1 gap-6 text-primary sm:columns-2">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="underline-offset-4 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="flex scroll-mt-4 flex-col gap-3"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-bold">
              {section.title}
            </h2>
            {section.blocks.map((block, index) =>
              block.type === 'p' ? (
                <p key={index} className="leading-8">
                  {fill(block.text)}
                </p>
              ) : (
                <ul key={index} className="list-disc space-y-1 ps-6 leading-8">
                  {block.items.map((item) => (
                    <li key={item}>{fill(item)}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <p>
          <a
            href="/"
            className="inline-flex items-center gap-2 rounded-xl bg-primary px-4 py-2 font-medium text-primary-foreground"
          >
            <span aria-hidden="true">→</span> {LEGAL_TEXTS.back}
          </a>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
