import { Copy } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { EMOJI_ATTRIBUTION, EMOJI_CATEGORIES, type Emoji, type EmojiCategoryId } from '../../shared/emoji/emojis';
import type { PageData } from '../../shared/pages/page-data';
import { showError, showSuccess } from '../lib/toast';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { isolateLtr } from '../../shared/text/bidi';

export const EMOJI_TEXTS = {
  title: 'الرموز التعبيرية',
  intro: 'انسخ كود أي رمز واكتبه في رسالتك داخل الدردشة، فيظهر الرمز لكل من في الغرفة.',
  tabsLabel: 'أقسام الرموز',
  copy: 'نسخ الكود',
  copied: (code: string) => `تم نسخ الكود ${isolateLtr(code)}`,
  copyFailed: 'تعذّر النسخ، انسخ الكود يدوياً',
  code: 'الكود',
  licence: 'الرخصة',
} as const;

/** Latin runs in Arabic text («Twemoji», «© Twitter, Inc», «CC BY 4.0»), each with its sign and punctuation. */
const LATIN_RUN = /((?:© )?[A-Za-z][\w ,.]*\w)/;

/**
 * Arabic text with its Latin runs isolated left to right, so their punctuation keeps its place
 * (the credit read «Twitter, Inc ©» with the copyright sign on the wrong side).
 */
function withLatinIsolated(text: string) {
  return text.split(LATIN_RUN).map((part, index) =>
    index % 2 ? (
      <bdi key={index} dir="ltr">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}

const tabPath = (id: EmojiCategoryId) => (id === 'classic' ? '/emojis' : `/emojis/${id}`);

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or no permission: the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

function EmojiCell({ emoji }: { emoji: Emoji }) {
  const size = emoji.category === 'stickers' ? 64 : 40;
  return (
    <li className="flex flex-col items-center gap-1 rounded-2xl border border-border bg-card p-2 text-center">
      <img
        src={emoji.url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="h-16 w-16 object-contain"
      />
      <span className="text-sm font-medium">{emoji.name}</span>
      <code dir="ltr" aria-label={`${EMOJI_TEXTS.code} ${emoji.code}`} className="rounded bg-muted px-1.5 text-xs">
        {emoji.code}
      </code>
      <button
        type="button"
        onClick={() =>
          void copyText(emoji.code).then((ok) =>
            ok ? showSuccess(EMOJI_TEXTS.copied(emoji.code)) : showError(EMOJI_TEXTS.copyFailed),
          )
        }
        aria-label={`${EMOJI_TEXTS.copy} ${emoji.code} (${emoji.name})`}
        className="mt-auto inline-flex items-center gap-1 rounded-lg bg-primary px-2 py-1 text-xs font-medium text-primary-foreground"
      >
        <Copy aria-hidden="true" className="h-3.5 w-3.5" />
        {EMOJI_TEXTS.copy}
      </button>
    </li>
  );
}

/** Spec §2 emoji page: four tabs (each its own address), an 8-column grid, copy the code. */
export default function EmojiPage({ data }: { data: Extract<PageData, { kind: 'emojis' }> }) {
  const [tab, setTab] = useState<EmojiCategoryId>(data.tab);
  const category = EMOJI_CATEGORIES.find((c) => c.id === tab)!;

  // Back and forward move between tabs without reloading.
  useEffect(() => {
    const onPop = () => {
      const id = location.pathname.split('/')[2] as EmojiCategoryId | undefined;
      setTab(EMOJI_CATEGORIES.some((c) => c.id === id) ? id! : 'classic');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    document.title =
      tab === 'classic' ? `${EMOJI_TEXTS.title} - مجلس` : `${category.name} - ${EMOJI_TEXTS.title} - مجلس`;
  }, [tab, category.name]);

  const select = (event: MouseEvent<HTMLAnchorElement>, id: EmojiCategoryId) => {
    event.preventDefault();
    if (id === tab) return;
    history.pushState(null, '', tabPath(id));
    setTab(id);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader withEnter={false} />
      <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-5 px-4 py-8">
        <h1 className="text-3xl font-bold">{EMOJI_TEXTS.title}</h1>
        <p className="text-muted-foreground">{EMOJI_TEXTS.intro}</p>
        <nav aria-label={EMOJI_TEXTS.tabsLabel}>
          <ul className="flex flex-wrap gap-2">
            {EMOJI_CATEGORIES.map((c) => (
              <li key={c.id}>
                <a
                  href={tabPath(c.id)}
                  onClick={(event) => select(event, c.id)}
                  aria-current={c.id === tab ? 'page' : undefined}
                  className="inline-flex items-center gap-2 rounded-xl border border-border bg-card px-4 py-2 font-medium aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
                >
                  <img src={c.icon} alt="" width={20} height={20} className="h-5 w-5" />
                  {c.name}
                  <span className="text-xs opacity-80">({c.emojis.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="emoji-grid-title">
          <h2 id="emoji-grid-title" className="sr-only">
            {category.name}
          </h2>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
            {category.emojis.map((emoji) => (
              <EmojiCell key={emoji.id} emoji={emoji} />
            ))}
          </ul>
        </section>
        <p className="text-xs text-muted-foreground">
          {withLatinIsolated(EMOJI_ATTRIBUTION.text)}{' '}
          <a href={EMOJI_ATTRIBUTION.sourceUrl} className="underline" rel="noopener">
            <bdi dir="ltr">{EMOJI_ATTRIBUTION.sourceName}</bdi>
          </a>{' '}
          ·{' '}
          <a href={EMOJI_ATTRIBUTION.licenseUrl} className="underline" rel="license noopener">
            {EMOJI_TEXTS.licence} <bdi dir="ltr">{EMOJI_ATTRIBUTION.licenseName}</bdi>
          </a>
        </p>
      </main>
      <SiteFooter />
    </div>
  );
}
