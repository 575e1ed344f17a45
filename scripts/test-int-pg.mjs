// `npm run test:int:pg`: the integration suite again on PostgreSQL and Redis. Required under CI (the
// CI variable set); elsewhere it is skipped, saying why, when either one cannot be reached.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';

const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const ci = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI.toLowerCase());
const TIMEOUT_MS = 3000;

/** The address without its password, for messages. */
function shown(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Rejects after TIMEOUT_MS: the clients' own timeouts cover connecting, this covers the rest. */
function withTimeout(promise) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function probePostgres() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: TIMEOUT_MS });
  client.on('error', () => {}); // reported through connect() or query()
  try {
    await withTimeout(client.connect().then(() => client.query('SELECT 1')));
  } finally {
    client.end().catch(() => {});
  }
}

async function probeRedis() {
  const client = createClient({ url: redisUrl, socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: false } });
  client.on('error', () => {}); // reported through connect() or ping()
  try {
    await withTimeout(client.connect().then(() => client.ping()));
  } finally {
    if (client.isOpen) client.destroy();
  }
}

const probes = await Promise.allSettled([probePostgres(), probeRedis()]);
const problems = probes.flatMap((result, index) => {
  if (result.status === 'fulfilled') return [];
  const [name, url] = index === 0 ? ['PostgreSQL', databaseUrl] : ['Redis', redisUrl];
  const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
  return [`${name} at ${shown(url)}: ${reason || 'unreachable'}`];
});

if (problems.length) {
  const detail = problems.map((line) => `  ${line}`).join('\n');
  if (ci) {
    console.error(`test:int:pg: FAILED: CI is set, so PostgreSQL and Redis are required, and:\n${detail}`);
    process.exit(1);
  }
  console.log(
    `test:int:pg: SKIPPED (not an error outside CI): the suite did not run on PostgreSQL and Redis, because\n${detail}\n` +
      `  Start them, or point TEST_DATABASE_URL and TEST_REDIS_URL at them, to run it.`,
  );
  process.exit(0);
}

console.log(`test:int:pg: PostgreSQL at ${shown(databaseUrl)} and Redis at ${shown(redisUrl)}`);
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl, TEST_REDIS_URL: redisUrl },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
