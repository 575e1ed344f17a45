import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageData, ResolvedPage } from '../../shared/pages/page-data';
import { App } from '../../web/app/App';
import { Shell } from '../../web/app/Shell';
import { renderAnyPage } from '../../web/landing/render-page';
import { headTags } from './head-tags';
import { scriptJson } from './html';
import { resolvePage, type ResolveOptions } from './resolve-page';

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
  notFound: 'src/web/landing/render-other-pages.tsx',
  diagnostic: 'src/web/landing/render-other-pages.tsx',
  emojis: 'src/web/landing/render-emoji-page.tsx',
};

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

export interface RenderedPage {
  status: number;
  html: string;
  /** Milliseconds spent producing it (0 when it came from the cache). */
  renderMs: number;
  cached: boolean;
}

export interface PageRendererOptions extends ResolveOptions {
  webDistDir: string;
}

/**
 * Renders pages to complete HTML from the built index.html: head tags, the React markup, the page
 * data for hydration, and a preload of the page's own chunk. Pages that exist are cached (their
 * HTML does not depend on who asks); unknown paths are rendered each time and never cached, so
 * random URLs cannot fill memory.
 */
export function createPageRenderer(options: PageRendererOptions) {
  const indexFile = path.join(options.webDistDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : BARE_TEMPLATE;
  const manifestFile = path.join(options.webDistDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : {};
  const cache = new Map<string, RenderedPage>();

  /** modulepreload links for a source module's chunk and the chunks it imports (not the entry). */
  function preloads(source: string | undefined): string {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    if (source) visit(source);
    return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join('\n    ');
  }

  function build(resolved: ResolvedPage): string {
    const { data } = resolved;
    const markup = renderToString(
      <StrictMode>
        <Shell>
          <App page={data} renderPage={renderAnyPage} />
        </Shell>
      </StrictMode>,
    );
    const withoutScripts = data.kind === 'legal';
    let html = template
      .replace('<!--app-head-->', () =>
        [headTags(resolved.head, options.baseUrl), withoutScripts ? '' : preloads(PAGE_MODULES[data.kind])]
          .filter(Boolean)
          .join('\n    '),
      )
      .replace('<!--app-html-->', () => markup)
      .replace('<!--app-data-->', () =>
        withoutScripts ? '' : `<script id="page-data" type="application/json">${scriptJson(data)}</script>`,
      );
    // Legal pages are plain documents: no script at all.
    if (withoutScripts)
      html = html
        .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
    return html;
  }

  return {
    /** The page for a path (without query string). */
    render(pathname: string): RenderedPage {
      const hit = cache.get(pathname);
      if (hit) return { ...hit, renderMs: 0, cached: true };
      const started = performance.now();
      const resolved = resolvePage(pathname, options);
      const page: RenderedPage = { status: resolved.status, html: build(resolved), renderMs: 0, cached: false };
      page.renderMs = performance.now() - started;
      if (resolved.status === 200) cache.set(pathname, page);
      return page;
    },

    /** What a page is, for clients that render it themselves (the dev server). */
    resolve: (pathname: string) => resolvePage(pathname, options),
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
