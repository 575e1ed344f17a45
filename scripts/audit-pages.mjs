// `npm run audit:pages`: Lighthouse (mobile, simulated slow 4G) on the main landing pages of the
// built site, in Debian's Chromium. Prints the scores, writes test-results/lighthouse/*.json, and
// fails when a page misses the targets: SEO 100, accessibility ≥ 95, performance ≥ 95.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const PAGES = (process.env.AUDIT_PAGES ?? '/,/egypt,/egypt/cairo,/privacy').split(',');
const TARGETS = { seo: 100, accessibility: 95, performance: 95 };
const port = Number(process.env.AUDIT_PORT ?? 3400);
const base = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const outDir = path.join(root, 'test-results', 'lighthouse');
mkdirSync(outDir, { recursive: true });

execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-audit-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART); such a run is tried again. */
function audit(pagePath, attempt = 1) {
  try {
    return auditOnce(pagePath);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.warn(`lighthouse failed on ${pagePath}, trying again`);
    return audit(pagePath, attempt + 1);
  }
}

function auditOnce(pagePath) {
  const name = pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-');
  const output = path.join(outDir, `${name}.json`);
  execFileSync(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      base + pagePath,
      `--chrome-path=${chrome}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-quic --no-first-run',
      '--only-categories=performance,accessibility,seo',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    { stdio: 'inherit' },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const score = (id) => Math.round(report.categories[id].score * 100);
  return {
    page: pagePath,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
  };
}

let failed = false;
try {
  await waitForServer();
  const results = PAGES.map((pagePath) => audit(pagePath));
  console.log('\npage                  performance  accessibility  seo');
  for (const r of results) {
    const miss = Object.entries(TARGETS).filter(([k, target]) => r[k] < target);
    if (miss.length) failed = true;
    console.log(
      `${r.page.padEnd(22)}${String(r.performance).padStart(11)}${String(r.accessibility).padStart(15)}${String(r.seo).padStart(5)}${miss.length ? '   below target: ' + miss.map(([k]) => k).join(', ') : ''}`,
    );
  }
  console.log(JSON.stringify({ lighthouse: results }));
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
