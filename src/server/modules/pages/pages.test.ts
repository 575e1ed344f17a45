import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { sitemapPaths } from './sitemap';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    publicUrl: 'https://majlis.example',
    // Not the defaults: the privacy page states what the site is configured with.
    retention: { publicDays: 45, privateDays: 3, securityDays: 60, everyMs: 0, batchSize: 500 },
  });
});
afterAll(async () => {
  await server?.close();
});

async function page(path: string) {
  const res = await fetch(server.url + path, { redirect: 'manual' });
  const html = await res.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return { res, html, title, canonical };
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('landing pages for search', () => {
  it('answer every sitemap URL with 200, its own title and its canonical address', async () => {
    const paths = sitemapPaths();
    expect(paths.length).toBeGreaterThan(150);
    const titles = new Set<string>();
    for (const path of paths) {
      const { res, html, title, canonical } = await page(encodeURI(path));
      expect(res.status, path).toBe(200);
      expect(html).toMatch(/<html lang="ar" dir="rtl" data-theme="default">/);
      expect(title, path).toBeTruthy();
      expect(titles.has(title!), `duplicate title ${title}`).toBe(false);
      titles.add(title!);
      expect(canonical).toBe(`https://majlis.example${encodeURI(path)}`);
      expect(html, path).toMatch(/<h1[^>]*>/);
      expect(html).toContain('<meta name="description" content="');
      expect(html).toContain('<meta property="og:title"');
    }
  }, 120_000);

  it('serve complete HTML: heading, the free-and-no-registration promise, chat links as real links', async () => {
    const { html } = await page('/egypt/cairo');
    expect(html).toMatch(/<h1[^>]*>شات القاهرة<\/h1>/);
    expect(html).toContain('مجانية');
    expect(html).toContain('بدون تسجيل');
    expect(html).toMatch(/<a [^>]*href="\/egypt\/cairo\?room=egypt-cairo#welcome"/);
    expect(html).toMatch(/<a [^>]*href="\/egypt"/);
    expect(html).toContain('id="page-data"');
    const country = await page('/egypt');
    expect(country.html).toMatch(/<a [^>]*href="\/egypt\/alexandria"/);
  });

  it('describe the site and the breadcrumbs in JSON-LD', async () => {
    const home = jsonLd((await page('/')).html);
    expect(home).toEqual([
      expect.objectContaining({ '@type': 'WebSite', url: 'https://majlis.example/', inLanguage: 'ar' }),
    ]);
    const country = jsonLd((await page('/egypt')).html);
    expect(country[0]).toMatchObject({ '@type': 'BreadcrumbList' });
    const city = jsonLd((await page('/egypt/cairo')).html)[0] as {
      itemListElement: { position: number; item: string }[];
    };
    expect(city.itemListElement.map((i) => i.item)).toEqual([
      'https://majlis.example/',
      'https://majlis.example/egypt',
      'https://majlis.example/egypt/cairo',
    ]);
  });

  it('accept a city with an accented path, encoded or not, and send other spellings to the one address', async () => {
    expect((await page('/comoros/moh%C3%A9li')).res.status).toBe(200);
    const decomposed = await page('/comoros/mohe%CC%81li');
    expect(decomposed.res.status).toBe(301);
    expect(decomposed.res.headers.get('location')).toBe('/comoros/moh%C3%A9li');
    const upper = await page('/Egypt/Cairo/');
    expect(upper.res.status).toBe(301);
    expect(upper.res.headers.get('location')).toBe('/egypt/cairo');
    const withQuery = await page('/EGYPT?room=egypt');
    expect(withQuery.res.headers.get('location')).toBe('/egypt?room=egypt');
  });

  it('answer unknown countries, cities, sub-chats and pages with 404 and noindex', async () => {
    const cases: [string, string][] = [
      ['/atlantis', 'هذه الدولة غير موجودة'],
      ['/egypt/atlantis', 'المدينة غير موجودة'],
      ['/sabaya/nowhere', 'قسم الدردشة غير موجود'],
      ['/a/b/c', 'الصفحة غير موجودة'],
      ['/emojis/unknown', 'الصفحة غير موجودة'],
    ];
    for (const [path, text] of cases) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(html).toContain('<meta name="robots" content="noindex, follow" />');
      expect(html).not.toContain('rel="canonical"');
      expect(html, path).toContain(text);
      expect(html).toContain(path);
    }
    // The unknown-city screen carries its debug card.
    const city = await page('/egypt/atlantis');
    expect(city.html).toContain('تفاصيل تقنية');
  });

  it('serve the visual tests /tags/test and /circle/test, never indexed', async () => {
    const tags = await page('/tags/test');
    expect(tags.res.status).toBe(200);
    expect(tags.html).toContain('"kind":"avatarTest","test":"tags"');
    expect(tags.html).toContain('noindex');
    // All 50 crowns are in the server's HTML, each tried as WebP first.
    for (const n of [1, 25, 50]) expect(tags.html).toContain(`/tags/tag${n}.webp`);
    const circle = await page('/circle/test');
    expect(circle.res.status).toBe(200);
    expect(circle.html).toContain('/frames/frame10.webp');
    expect(circle.html).toContain('noindex');
    expect((await page('/tags/other')).res.status).toBe(404);
  });

  it("serve a room's address as the app with its entry form, never as a 404, and never cache it", async () => {
    for (const path of ['/chat/general', '/chat/egypt', '/chat/%D8%BA%D8%B1%D9%81%D8%A9']) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(html).toContain('id="welcome"');
      expect(html).toContain('"kind":"chat"');
      // Its content is live: the address is for sharing, not for search results.
      expect(html).toContain('noindex');
      expect(html).not.toContain('rel="canonical"');
    }
    expect((await page('/chat/general')).res.headers.get('server-timing')).not.toBe('render;dur=0.00');
    expect((await page('/chat/a/b')).res.status).toBe(404);
  });

  it('show the diagnostic page and its not-found variant', async () => {
    const ok = await page('/egypt/test-universal-system');
    expect(ok.res.status).toBe(200);
    expect(ok.html).toContain('noindex');
    expect(ok.html).toContain('مصر');
    expect(ok.html).toContain('تم التحقق بنجاح');
    const missing = await page('/atlantis/test-universal-system');
    expect(missing.res.status).toBe(404);
    expect(missing.html).toContain('عذراً، المدينة التي تبحث عنها غير متوفرة في النظام المتكامل.');
  });

  it('serve the legal pages as plain documents with a way back home', async () => {
    for (const path of ['/privacy', '/terms']) {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(html).not.toContain('<script type="module"');
      expect(html).not.toContain('id="page-data"');
      expect(html).toMatch(/<a [^>]*href="\/"[^>]*>[^<]*<span aria-hidden="true">→<\/span>/);
      expect(html).toContain('18');
      expect(html).not.toMatch(/\{\{\w+\}\}/);
      expect(html).toContain('support@majlis.example');
    }
    const { html } = await page('/privacy');
    for (const period of ['سجلات الدردشة العامة: 45 يوماً', 'الرسائل الخاصة: 3 أيام', 'سجلات الأمان: 60 يوماً'])
      expect(html).toContain(period);
  });

  it('publish a sitemap and a robots file pointing to it', async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: https://majlis.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<loc>https://majlis.example/egypt/cairo</loc>');
    expect(xml).toContain('<loc>https://majlis.example/comoros/moh%C3%A9li</loc>');
    expect(xml.match(/<loc>/g)).toHaveLength(sitemapPaths().length);
    expect(xml).not.toContain('test-universal-system');
  });

  it('cache rendered pages and tell how long the server took', async () => {
    await page('/jordan/amman');
    const again = await fetch(`${server.url}/jordan/amman`);
    expect(again.headers.get('server-timing')).toBe('render;dur=0.00');
  });

  it('send a form posted without JavaScript back to its page, and keep unknown API posts a 404', async () => {
    const res = await fetch(`${server.url}/egypt/cairo`, {
      method: 'POST',
      redirect: 'manual',
      body: 'username=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/egypt/cairo#welcome');
    expect((await fetch(`${server.url}/api/nothing`, { method: 'POST' })).status).toBe(404);
  });

  it('describe a page as JSON for the development server', async () => {
    const res = await fetch(`${server.url}/api/pages?path=${encodeURIComponent('/egypt')}`);
    const body = (await res.json()) as { status: number; data: { kind: string } };
    expect(body).toMatchObject({ status: 200, data: { kind: 'country' } });
    expect((await fetch(`${server.url}/api/pages?path=nope`)).status).toBe(400);
  });
});
