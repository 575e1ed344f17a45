import { COUNTRIES } from '../../../shared/catalogue/country-entries';
import { CITIES } from '../../../shared/catalogue/cities';
import { HUBS } from '../../../shared/catalogue/hubs';
import { SUB_CHATS } from '../../../shared/catalogue/subchats';
import { EMOJI_CATEGORY_IDS } from '../../../shared/emoji/emojis';
import { escapeHtml, urlPath } from './html';

/** Every indexable page, canonical paths only (the default emoji tab is /emojis). */
export function sitemapPaths(): string[] {
  return [
    '/',
    '/arabic',
    ...COUNTRIES.map((c) => c.path),
    ...CITIES.map((c) => c.path),
    ...HUBS.map((h) => h.path),
    ...SUB_CHATS.map((s) => s.path),
    '/emojis',
    ...EMOJI_CATEGORY_IDS.filter((id) => id !== 'classic').map((id) => `/emojis/${id}`),
    '/privacy',
    '/terms',
  ];
}

export function sitemapXml(baseUrl: string): string {
  const urls = sitemapPaths().map((path) => `  <url><loc>${escapeHtml(baseUrl + urlPath(path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}
