/**
 * Two nodes through Redis: the latency a second node adds. Senders on node A post into a room
 * where receivers listen on node A (the same node) and on node B (reached through Redis); the
 * send → receive time of every delivery is measured on both sides, and the difference is what the
 * second node adds.
 *
 *   npx tsx bench/two-node-latency.ts [--receivers 20] [--rate 20] [--seconds 20] [--warmup 3]
 *                                     [--pg postgres://…/test] [--redis redis://127.0.0.1:6379]
 *
 * Options also come from the environment (TWO_NODE_RECEIVERS, …, TWO_NODE_PG, TWO_NODE_REDIS).
 * Three processes: node A and node B (each a real server on one PostgreSQL database of the run's
 * own, dropped afterwards, and one Redis prefix), and this one, which runs every client, so send
 * and receive times come from one clock.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { guestInRoom, sleep, type ClientSocket } from './lib/clients';
import { startBenchApp } from './lib/bench-server';
import { readBenchOptions } from './lib/options';
import { summarise } from './lib/stats';

const OPTIONS = {
  receivers: 20,
  rate: 20,
  seconds: 20,
  warmup: 3,
  pg: 'postgres://postgres@127.0.0.1:5432/test',
  redis: 'redis://127.0.0.1:6379',
};

// ---- A node (child process) -------------------------------------------------------------------

interface NodeSettings {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  sessionSecret: string;
  dataDir: string;
}

async function runNode(settings: NodeSettings): Promise<void> {
  const { app, url } = await startBenchApp(settings);
  process.send!({ type: 'ready', url });
  const stop = () => void app.close().finally(() => process.exit(0));
  process.on('message', (message: { type: string }) => message.type === 'stop' && stop());
  process.on('disconnect', stop);
}

function startNode(settings: NodeSettings): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(import.meta.url), ['--node', JSON.stringify(settings)], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { type: string; url: string }) => resolve({ child, url: message.url }));
    child.once('exit', (code) => reject(new Error(`node exited (code ${code})`)));
  });
}

function stopNode(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

async function main(): Promise<void> {
  const nodeArg = process.argv.indexOf('--node');
  if (nodeArg !== -1) return runNode(JSON.parse(process.argv[nodeArg + 1]!) as NodeSettings);
  const options = readBenchOptions(process.argv.slice(2), process.env, 'TWO_NODE', OPTIONS);

  const name = `majlis_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.pg });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-bench-'));
  const settings: NodeSettings = {
    databaseUrl: Object.assign(new URL(options.pg), { pathname: `/${name}` }).toString(),
    redisUrl: options.redis,
    redisPrefix: `majlis-bench-${randomBytes(5).toString('hex')}`,
    sessionSecret: randomBytes(48).toString('base64url'),
    dataDir,
  };
  const children: ChildProcess[] = [];
  const sockets: ClientSocket[] = [];
  try {
    // A first, alone: it migrates the fresh database.
    const a = await startNode(settings);
    children.push(a.child);
    const b = await startNode(settings);
    children.push(b.child);

    // Several senders: one socket may send 10 events a second (the per-socket event budget).
    const senders: ClientSocket[] = [];
    for (let i = 0; i < Math.ceil(options.rate / 5); i++)
      senders.push(await guestInRoom(a.url, `bench_sender_${i}`, 'general'));
    sockets.push(...senders);
    const local: ClientSocket[] = [];
    const remote: ClientSocket[] = [];
    for (let i = 0; i < options.receivers; i++) {
      local.push(await guestInRoom(a.url, `bench_a_${i}`, 'general'));
      remote.push(await guestInRoom(b.url, `bench_b_${i}`, 'general'));
    }
    sockets.push(...local, ...remote);
    await sleep(1000); // the arrivals of the join storm are delivered and quiet

    const total = Math.round(options.rate * (options.warmup + options.seconds));
    const firstMeasured = Math.round(options.rate * options.warmup);
    const sentAt = new Float64Array(total).fill(NaN);
    const latencies = { local: [] as number[], remote: [] as number[] };
    /** Per message, the first receiver on each node: the pair whose difference is the added time. */
    const first = { local: new Float64Array(total).fill(NaN), remote: new Float64Array(total).fill(NaN) };
    const listen = (socket: ClientSocket, side: 'local' | 'remote') =>
      socket.on('message', (envelope) => {
        const now = performance.now();
        if (envelope.type !== 'newMessage') return;
        const match = /^bench (\d+)$/.exec(envelope.message.content);
        if (!match) return;
        const seq = Number(match[1]);
        if (seq < firstMeasured || Number.isNaN(sentAt[seq]!)) return;
        const latency = now - sentAt[seq]!;
        latencies[side].push(latency);
        if (Number.isNaN(first[side][seq]!)) first[side][seq] = latency;
      });
    for (const socket of local) listen(socket, 'local');
    for (const socket of remote) listen(socket, 'remote');

    const interval = 1000 / options.rate;
    const start = performance.now();
    for (let seq = 0; seq < total; seq++) {
      const due = start + seq * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      sentAt[seq] = performance.now();
      senders[seq % senders.length]!.emit('publicMessage', {
        roomId: 'general',
        content: `bench ${seq}`,
        clientMessageId: `bench-${seq}`,
      });
    }
    await sleep(2000); // the last deliveries

    const measured = total - firstMeasured;
    const added: number[] = [];
    for (let seq = firstMeasured; seq < total; seq++) {
      const [l, r] = [first.local[seq]!, first.remote[seq]!];
      if (!Number.isNaN(l) && !Number.isNaN(r)) added.push(r - l);
    }
    const row = (label: string, values: number[], expected: number) => {
      const { p50, p95, p99, max } = summarise(values);
      const ms = (value: number) => value.toFixed(2).padStart(7);
      const got = `${values.length}/${expected}`.padStart(11);
      return `${label.padEnd(40)} ${got} ${ms(p50)} ${ms(p95)} ${ms(p99)} ${ms(max)}`;
    };
    console.log(
      `two-node latency: ${senders.length} senders on A, ${options.receivers} receivers on A and ${options.receivers} on B, ` +
        `${options.rate} msg/s for ${options.seconds} s (after ${options.warmup} s warm-up)`,
    );
    console.log(
      `PostgreSQL + Redis; Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `${'ms'.padEnd(40)} ${'deliveries'.padStart(11)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`,
    );
    console.log(row('receivers on A (same node as the sender)', latencies.local, measured * options.receivers));
    console.log(row('receivers on B (through Redis)', latencies.remote, measured * options.receivers));
    console.log(row('added: first on B − first on A, per msg', added, measured));
    console.log(
      JSON.stringify({
        bench: 'two-node',
        ...options,
        pg: undefined,
        redis: undefined,
        sameNode: summarise(latencies.local),
        otherNode: summarise(latencies.remote),
        added: summarise(added),
        delivered: latencies.local.length + latencies.remote.length,
        expected: 2 * measured * options.receivers,
      }),
    );
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(children.map(stopNode));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    // The run's streams and keys (streams have no expiry of their own).
    const redis = createClient({ url: options.redis });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${settings.redisPrefix}*`, COUNT: 500 }))
      if (keys.length) await redis.del(keys);
    await redis.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
