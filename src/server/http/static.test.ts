import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import { startTestServer, type TestServer } from '../testing/test-server';

const webDir = mkdtempSync(path.join(tmpdir(), 'majlis-web-'));
let server: TestServer;

beforeAll(async () => {
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><!--app-head--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
  );
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  server = await startTestServer({ webDistDir: webDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the built site', () => {
  it('renders pages into the built template, for GET and HEAD; unknown paths are 404 pages', async () => {
    for (const [pagePath, status] of [
      ['/', 200],
      ['/egypt/cairo', 200],
      ['/some/unknown/page', 404],
    ] as const) {
      const res = await fetch(server.url + pagePath);
      expect(res.status, pagePath).toBe(status);
      const html = await res.text();
      expect(html).toContain('lang="ar" dir="rtl"');
      expect(html).toContain('<script src="/boot.js" defer data-app="/assets/app-abc123.js"');
      expect(html).toMatch(/<div id="root">.+<\/div>/s);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const head = await fetch(server.url + '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('caches hashed assets for a year and answers unknown API paths with an Arabic 404', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND });
  });

  it('sends security headers, without HSTS on plain HTTP', async () => {
    const res = await fetch(server.url + '/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers health checks and carries a request id', async () => {
    const res = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'trace-me' } });
    expect(await res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBe('trace-me');
    const generated = await fetch(`${server.url}/api/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
