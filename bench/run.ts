/**
 * `npm run bench`: every benchmark with its defaults, one after the other, then one table.
 *
 *   npm run bench [-- --only fanout,soak] [-- --quick]
 *
 * Each benchmark runs as its own command (as documented in docs/performance.md) and ends with a
 * JSON line, which this reads. --quick shortens the long ones (a check that they run, not figures).
 * Benchmarks that need PostgreSQL and Redis are skipped, saying so, when those are not reachable.
 */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Figures = Record<string, unknown>;

interface Bench {
  name: string;
  file: string;
  args: string[];
  quickArgs: string[];
  /** Needs the shared PostgreSQL and Redis. */
  services?: boolean;
  /** Table rows: figure, value, target or baseline. */
  rows(figures: Figures): [string, string, string][];
}

const num = (value: unknown, digits = 1) => (typeof value === 'number' ? value.toFixed(digits) : '—');
const at = (figures: Figures, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Figures | undefined)?.[key], figures);

const BENCHES: Bench[] = [
  {
    name: 'fanout',
    file: 'fanout.ts',
    // On the embedded default, as `npm start` runs it.
    args: ['--pg', 'embedded'],
    quickArgs: ['--pg', 'embedded', '--clients', '50', '--seconds', '3', '--warmup', '1'],
    rows: (f) => [
      ['fan-out: capacity ratio vs bare Socket.IO', num(f.capacityRatio, 2), '≥ 0.90'],
      [
        'fan-out: first receiver p50 ms (ours / bare)',
        `${num(at(f, 'ours', 'firstReceiverP50Ms'))} / ${num(at(f, 'bare', 'firstReceiverP50Ms'))}`,
        '≤ 1.5',
      ],
      [
        'fan-out: p99 ms (ours / bare)',
        `${num(at(f, 'ours', 'p99Ms'))} / ${num(at(f, 'bare', 'p99Ms'))}`,
        'baseline: bare',
      ],
    ],
  },
  {
    name: 'two-node',
    file: 'two-node-latency.ts',
    args: [],
    quickArgs: ['--receivers', '5', '--seconds', '3', '--warmup', '1'],
    services: true,
    rows: (f) => [
      ['two nodes: added p95 ms (first on B − first on A)', num(at(f, 'added', 'p95'), 2), '≤ 10'],
      [
        'two nodes: p50 ms same node / other node',
        `${num(at(f, 'sameNode', 'p50'), 2)} / ${num(at(f, 'otherNode', 'p50'), 2)}`,
        'baseline: same node',
      ],
    ],
  },
  {
    name: 'idle-memory',
    file: 'idle-memory.ts',
    args: [],
    quickArgs: ['--settle', '3'],
    rows: (f) => [
      [
        'idle: whole tree MB RSS, embedded PostgreSQL (first / restart)',
        `${num(at(f, 'postgres', 'first', 'rssMb'), 0)} / ${num(at(f, 'postgres', 'restart', 'rssMb'), 0)}`,
        '≤ 200',
      ],
      [
        'idle: whole tree MB RSS, PGlite (first / restart)',
        `${num(at(f, 'pglite', 'first', 'rssMb'), 0)} / ${num(at(f, 'pglite', 'restart', 'rssMb'), 0)}`,
        'baseline: PGlite',
      ],
    ],
  },
  {
    name: 'sign-in',
    file: 'sign-in.ts',
    args: ['--pg', 'embedded'],
    quickArgs: ['--pg', 'embedded', '--visitors', '200'],
    rows: (f) => [
      [`sign-in: ${num(f.visitors, 0)} visitors, embedded PostgreSQL, s`, num(f.totalS, 2), '≤ 3 (1,000)'],
      ['sign-in: server CPU s', num(f.serverCpuS, 2), ''],
    ],
  },
  {
    name: 'connections',
    file: 'connections.ts',
    args: ['--pg', 'embedded'],
    quickArgs: ['--pg', 'embedded', '--clients', '500'],
    rows: (f) => [
      [`connections: storm of ${num(f.clients, 0)} into ${num(f.rooms, 0)} rooms, s`, num(f.stormS), '≤ 30 (10,000)'],
      [
        'connections: KB RSS / KB heap per connection at rest',
        `${num(f.rssPerConnectionKB)} / ${num(f.heapPerConnectionKB)}`,
        '≤ 30',
      ],
      ['connections: events per join', num(f.envelopesPerJoin, 2), ''],
    ],
  },
  {
    name: 'soak',
    file: 'soak.ts',
    args: [],
    quickArgs: ['--clients', '100', '--minutes', '2', '--warmup', '1', '--sample', '2'],
    rows: (f) => [
      ['soak: resident MB after warm-up → last minute', `${num(f.afterWarmupMb, 0)} → ${num(f.endMb, 0)}`, ''],
      ['soak: growth after warm-up %', num(f.growthPercent), '< 10'],
    ],
  },
];

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs one benchmark, its output shown as it comes; its last JSON line. */
function run(bench: Bench, quick: boolean): Promise<Figures | string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(here, bench.file), ...(quick ? bench.quickArgs : bench.args)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let last: Figures | undefined;
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) if (line.startsWith('{"bench"')) last = JSON.parse(line) as Figures;
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve(code === 0 && last ? last : `failed (exit code ${code})`)),
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex === -1 ? undefined : argv[onlyIndex + 1]?.split(',');
  const chosen = BENCHES.filter((bench) => !only || only.includes(bench.name));
  const services = (await reachable(5432)) && (await reachable(6379));
  const started = performance.now();
  const table: [string, string, string][] = [];
  for (const bench of chosen) {
    console.log(`\n== ${bench.name} ==`);
    if (bench.services && !services) {
      table.push([`${bench.name}: skipped`, 'PostgreSQL (5432) and Redis (6379) not both reachable', '']);
      continue;
    }
    const result = await run(bench, quick);
    if (typeof result === 'string') table.push([`${bench.name}`, result, '']);
    else table.push(...bench.rows(result));
  }
  const width = Math.max(...table.map(([figure]) => figure.length));
  const valueWidth = Math.max(...table.map(([, value]) => value.length));
  console.log(
    `\nnpm run bench${quick ? ' --quick' : ''}: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
      `${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, ${((performance.now() - started) / 60_000).toFixed(1)} min`,
  );
  for (const [figure, value, target] of table)
    console.log(`${figure.padEnd(width)}  ${value.padStart(valueWidth)}  ${target}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
