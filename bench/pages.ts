// Landing-page server time: every sitemap page rendered cold (first request) and warm (cached),
// read from the Server-Timing header, plus the request's round trip on loopback.
// Run: npm run bench:pages -- [--rounds N]   (after npm run build, for the real template and assets)
import path from 'node:path';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { sitemapPaths } from '../src/server/modules/pages';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1] || 20);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(url: string): Promise<{ server: number; total: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  const total = performance.now() - started;
  const server = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { server, total, status: res.status };
}

const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  { port: 0, host: '127.0.0.1', inMemoryDatabase: true, webDistDir: path.resolve('dist/web') },
);
const app = await createApp(config);
const base = await app.listen();
const paths = sitemapPaths().map((p) => encodeURI(p));

const cold = [];
for (const p of paths) cold.push(await timed(base + p));
const warm = [];
for (let r = 0; r < rounds; r++) for (const p of paths) warm.push(await timed(base + p));
const notFound = [];
for (let i = 0; i < 200; i++) notFound.push(await timed(`${base}/egypt/no-such-city-${i}`));
await app.close();

const row = (name: string, samples: { server: number; total: number }[]) =>
  `${name.padEnd(26)}${percentile(
    samples.map((s) => s.server),
    50,
  )
    .toFixed(2)
    .padStart(8)}${percentile(
    samples.map((s) => s.server),
    99,
  )
    .toFixed(2)
    .padStart(8)}${percentile(
    samples.map((s) => s.total),
    50,
  )
    .toFixed(2)
    .padStart(10)}${percentile(
    samples.map((s) => s.total),
    99,
  )
    .toFixed(2)
    .padStart(9)}`;
console.log(`${paths.length} pages, ${rounds} warm rounds, Node ${process.version}`);
console.log(
  `${''.padEnd(26)}${'srv p50'.padStart(8)}${'srv p99'.padStart(8)}${'total p50'.padStart(10)}${'total p99'.padStart(9)}   (ms)`,
);
console.log(row('first render (cold)', cold));
console.log(row('cached (warm)', warm));
console.log(row('unknown city (404)', notFound));
console.log(
  JSON.stringify({
    bench: 'pages',
    pages: paths.length,
    coldServerP50: percentile(
      cold.map((s) => s.server),
      50,
    ),
    warmServerP50: percentile(
      warm.map((s) => s.server),
      50,
    ),
    warmTotalP50: percentile(
      warm.map((s) => s.total),
      50,
    ),
    notFoundServerP50: percentile(
      notFound.map((s) => s.server),
      50,
    ),
  }),
);
