/**
 * Resident memory of the site at rest, as an operator starts it: `node dist/server/main.js` (what
 * `npm start` runs) on the embedded database in a new DATA_DIR, no users. The whole process tree
 * counts (the embedded PostgreSQL's processes too): RSS summed, and PSS (shared pages split
 * between the processes sharing them, so counted once). Measured after a first start (which
 * creates and migrates the database) and after a restart on the same data, for each engine.
 *
 *   npm run bench:idle-memory [-- --engines postgres,pglite --settle 15]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBenchOptions } from './lib/options';
import { memoryOf } from './lib/process-memory';
import { freePort } from '../src/server/testing/free-port';

const options = readBenchOptions(process.argv.slice(2), process.env, 'BENCH', {
  engines: 'postgres,pglite',
  settle: 15,
});
const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'dist/server/main.js');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error('the server did not answer /api/health in 2 minutes');
}

async function measureStart(engine: string, dataDir: string) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE: engine,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await healthy(`http://127.0.0.1:${port}`, child);
    const readyMs = Date.now() - started;
    await sleep(options.settle * 1000);
    return { readyMs, ...memoryOf(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

if (!existsSync(main)) spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
const results: Record<string, unknown> = {};
for (const engine of options.engines.split(',')) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `majlis-idle-${engine}-`));
  // Open to others, as a site's folder is: as root, the embedded PostgreSQL runs as "nobody".
  chmodSync(dataDir, 0o755);
  try {
    const first = await measureStart(engine, dataDir);
    const restart = await measureStart(engine, dataDir);
    results[engine] = { first, restart };
    console.log(
      `${engine}: first start ${first.rssMb} MB RSS (${first.pssMb} MB PSS, ${first.processes} processes, ready in ${first.readyMs} ms); ` +
        `restart ${restart.rssMb} MB RSS (${restart.pssMb} MB PSS, ready in ${restart.readyMs} ms)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(JSON.stringify({ bench: 'idle-memory', settleSeconds: options.settle, ...results }));
