import type { PageHead } from '../../../shared/pages/page-data';
import { escapeHtml, scriptJson, urlPath } from './html';

/** The <head> of one page: title, description, canonical, robots, Open Graph and JSON-LD. */
export function headTags(head: PageHead, baseUrl: string): string {
  const canonical = head.canonicalPath ? baseUrl + urlPath(head.canonicalPath) : undefined;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.keywords.length > 0 ? `<meta name="keywords" content="${escapeHtml(head.keywords.join('، '))}" />` : '',
    head.noindex
      ? '<meta name="robots" content="noindex, follow" />'
      : '<meta name="robots" content="index, follow" />',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '',
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="مجلس" />',
    '<meta property="og:locale" content="ar_AR" />',
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(`${baseUrl}/og-image.png`)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
