import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, ResolvedPage } from '../../../shared/pages/page-data';
import { App } from '../../../web/app/App';
import { Shell } from '../../../web/app/Shell';
import { renderAnyPage } from '../../../web/landing/render-page';
import { headTags } from './head-tags';
import { scriptJson, urlPath } from './html';
import { resolvePage, type ResolveOptions } from './resolve-page';
import { themeCss, type ThemeId } from '../../../shared/themes/themes';

/** Used when the web app has not been built (tests of the server alone): same markers, no assets. */
const BARE_TEMPLATE = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>`;

/** The source module each kind of page hydrates with: its chunk is preloaded with the page. */
const PAGE_MODULES: Partial<Record<PageData['kind'], string>> = {
  home: 'src/web/landing/render-entry-page.tsx',
  arabic: 'src/web/landing/render-entry-page.tsx',
  country: 'src/web/landing/render-entry-page.tsx',
  city: 'src/web/landing/render-entry-page.tsx',
  hub: 'src/web/landing/render-entry-page.tsx',
  subChat: 'src/web/landing/render-entry-page.tsx',
  chat: 'src/web/landing/render-entry-page.tsx',
  notFound: 'src/web/landing/render-other-pages.tsx',
  diagnostic: 'src/web/landing/render-other-pages.tsx',
  emojis: 'src/web/landing/render-emoji-page.tsx',
  avatarTest: 'src/web/features/avatar-tests/render-avatar-tests.tsx',
};

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; assets?: string[] }>;

export type Encoding = 'br' | 'gzip';

export interface RenderedPage {
  status: number;
  html: string;
  /** Milliseconds spent producing it (0 when it came from the cache). */
  renderMs: number;
  cached: boolean;
  /** The site theme it was rendered in: a page cached in another theme is rendered again. */
  theme?: ThemeId;
  /** The HTML compressed, made once per cached page on first request. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

function compressHtml(html: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(html, { level: 9 });
}

/**
 * The stylesheet goes inside the page: the first paint then needs the HTML alone, not a second
 * round trip (on a slow phone connection that is most of the wait). It is small and compressed
 * with the page.
 */
function inlineStylesheets(template: string, webDistDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const full = path.join(webDistDir, file);
    return existsSync(full) ? `<style>${readFileSync(full, 'utf8')}</style>` : tag;
  });
}

/** Takes the app's module script out of the template: public/boot.js loads it after the first paint. */
function extractAppScript(template: string): { template: string; appScript: string | undefined } {
  let appScript: string | undefined;
  const rest = template.replace(/\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => {
    appScript = src;
    return '';
  });
  return { template: rest, appScript };
}

export interface PageRendererOptions extends ResolveOptions {
  webDistDir: string;
  /** Link the web app manifest (ENABLE_SERVICE_WORKER): the site is installable, the chat registers /sw.js. */
  installable?: boolean;
  /** The site theme pages are rendered in (its colours inline in the head: no flash of another). */
  siteTheme?: () => ThemeId;
}

/** The head tags of an installable site (issue 11). */
const INSTALL_TAGS =
  '<link rel="manifest" href="/manifest.webmanifest" />\n    <link rel="apple-touch-icon" href="/icons/icon-192.png" />';

/**
 * Renders pages to complete HTML from the built index.html: head tags, the React markup, the page
 * data for hydration, and a preload of the page's own chunk. Pages that exist are cached (their
 * HTML does not depend on who asks); unknown paths are rendered each time and never cached, so
 * random URLs cannot fill memory.
 */
export function createPageRenderer(options: PageRendererOptions) {
  const indexFile = path.join(options.webDistDir, 'index.html');
  const { template, appScript } = extractAppScript(
    inlineStylesheets(existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : BARE_TEMPLATE, options.webDistDir),
  );
  const manifestFile = path.join(options.webDistDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  const cache = new Map<string, RenderedPage>();
  // The Arabic text's two faces (regular and the headings' bold), fetched with the page: the first
  // screen of a first-time visitor is drawn in the site's font (styles.css: swap, matched fallback).
  const fontPreloads = (manifest['index.html']?.assets ?? [])
    .filter((file) => /-arabic-(400|700)-normal-[\w-]+\.woff2$/.test(file))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}" />`)
    .join('\n    ');

  /** The page's own chunk and the chunks it imports (not the entry), to fetch with the app. */
  function pageChunks(source: string | undefined): string[] {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    if (source) visit(source);
    return [...files].map((file) => `/${file}`);
  }

  function build(resolved: ResolvedPage, theme: ThemeId): string {
    const { data } = resolved;
    const markup = renderToString(
      <StrictMode>
        <Shell>
          <App page={data} renderPage={renderAnyPage} />
        </Shell>
      </StrictMode>,
    );
    // Legal pages are plain documents: no script at all.
    const withoutScripts = data.kind === 'legal';
    const boot =
      appScript && !withoutScripts
        ? `\n    <script src="/boot.js" defer data-app="${appScript}" data-preload="${pageChunks(PAGE_MODULES[data.kind]).join(' ')}"></script>`
        : '';
    return template
      .replace('<html lang="ar" dir="rtl">', `<html lang="ar" dir="rtl" data-theme="${theme}">`)
      .replace('<!--app-head-->', () =>
        [
          headTags(resolved.head, options.baseUrl),
          `<style id="site-theme">${themeCss(theme)}</style>`,
          fontPreloads,
          options.installable ? INSTALL_TAGS : '',
        ]
          .filter(Boolean)
          .join('\n    '),
      )
      .replace('<!--app-html-->', () => markup)
      .replace('<!--app-data-->', () =>
        withoutScripts ? '' : `<script id="page-data" type="application/json">${scriptJson(data)}</script>${boot}`,
      );
  }

  return {
    /**
     * The page for a request path (without query string), or where to send the browser when the
     * path is another spelling of a page (case, trailing slash, decomposed accents): one URL per
     * page. A cached page is answered without resolving the path again.
     */
    render(pathname: string): RenderedPage | { redirect: string } {
      const theme = options.siteTheme?.() ?? 'default';
      const hit = cache.get(pathname);
      if (hit && hit.theme === theme) return { ...hit, renderMs: 0, cached: true };
      const started = performance.now();
      const resolved = resolvePage(pathname, options);
      const canonical =
        resolved.status === 200 && resolved.head.canonicalPath ? urlPath(resolved.head.canonicalPath) : undefined;
      if (canonical && canonical !== pathname) return { redirect: canonical };
      const page: RenderedPage = {
        status: resolved.status,
        html: build(resolved, theme),
        renderMs: 0,
        cached: false,
        theme,
      };
      page.renderMs = performance.now() - started;
      // Room addresses are as many as rooms anyone can name: rendered each time, like unknown paths.
      if (resolved.status === 200 && resolved.data.kind !== 'chat') cache.set(pathname, page);
      return page;
    },

    /** A cached page's HTML, compressed once and kept; uncached pages are compressed per request. */
    compressed(pathname: string, encoding: Encoding): Buffer | undefined {
      const page = cache.get(pathname);
      if (!page) return undefined;
      page.encoded ??= {};
      return (page.encoded[encoding] ??= compressHtml(page.html, encoding));
    },

    /** What a page is, for clients that render it themselves (the dev server). */
    resolve: (pathname: string) => resolvePage(pathname, options),
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
