import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { systemEndpoints } from '../../../shared/api/system';
import { errorBody } from '../../http/errors';
import { route, type SessionReader } from '../../http/route';
import type { Encoding, PageRenderer } from './page-renderer';
import { robotsTxt, sitemapXml } from './sitemap';

/** Paths that belong to the server, not to pages. */
function isReserved(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/socket.io');
}

/**
 * A path of this site to send a browser back to: one leading slash, no backslash (browsers read
 * `/\\host` like `//host`), so a redirect can never leave the site.
 */
export function sameSitePath(pathname: string): string {
  return /^\/(?![/\\])[^\\]*$/.test(pathname) ? pathname : '/';
}

/** Brotli when the browser takes it, else gzip (q-values are not worth honouring here). */
function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return undefined;
}

export function registerPagesRoutes(
  fastify: FastifyInstance,
  deps: { pages: PageRenderer; baseUrl: string; cookies: SessionReader },
) {
  const { pages, baseUrl } = deps;
  const sitemap = sitemapXml(baseUrl);
  const robots = robotsTxt(baseUrl);

  fastify.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );
  fastify.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  /** What a page is, as JSON: the development server renders pages in the browser from this. */
  route(fastify, systemEndpoints.page, deps, async ({ query }) => pages.resolve(query.path));

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (isReserved(pathname)) return reply.code(404).send(errorBody('NOT_FOUND'));
    const rendered = pages.render(pathname);
    if ('redirect' in rendered)
      return reply.redirect(sameSitePath(rendered.redirect) + request.url.slice(pathname.length), 301);
    reply
      .code(rendered.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('server-timing', `render;dur=${rendered.renderMs.toFixed(2)}`);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = encoding && rendered.status === 200 ? pages.compressed(pathname, encoding) : undefined;
    if (body && encoding) return reply.header('content-encoding', encoding).send(body);
    return reply.send(rendered.html);
  };
  fastify.get('/', page);
  fastify.get('/*', page);

  // The entry form posts to its own page when the browser runs no script: show the page again.
  // Its fields are not read (the chat needs the script anyway), so the body is discarded.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, _body, done) => done(null, undefined),
  );
  const backToPage = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (isReserved(pathname)) return reply.code(404).send(errorBody('NOT_FOUND'));
    return reply.redirect(`${sameSitePath(pathname)}#welcome`, 303);
  };
  fastify.post('/', backToPage);
  fastify.post('/*', backToPage);
}
