/**
 * Memory over time: many people chatting, moving between rooms, leaving and coming back, for
 * minutes, while the server's resident memory is sampled. Passes when memory after warm-up grows by
 * less than 10 % (issue: "Memory stays flat").
 *
 *   npx tsx bench/soak.ts [--clients 1000] [--rooms 20] [--minutes 10] [--warmup 2] [--rate 20]
 *                         [--moves 10] [--returns 5] [--sample 5] [--engine postgres|pglite]
 *
 * (`SOAK_<NAME>` in the environment too.) --rate: messages a second in all; --moves: room changes a
 * second; --returns: clients a second that disconnect and sign in again as new visitors.
 *
 * Two processes: the server (ours, on the embedded database in a temporary DATA_DIR, as `npm start`
 * runs it), alone in its process so its resident memory is its own; and this one, which runs every
 * client. The server reports its resident memory every --sample seconds: its whole process tree
 * (with the embedded PostgreSQL's processes), RSS summed.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-server';
import { guestInRoom, pool, sleep, type ClientSocket } from './lib/clients';
import { readBenchOptions } from './lib/options';
import { memoryOf } from './lib/process-memory';
import { median } from './lib/stats';

const OPTIONS = {
  clients: 1000,
  rooms: 20,
  minutes: 10,
  warmup: 2,
  rate: 20,
  moves: 10,
  returns: 5,
  sample: 5,
  /** The embedded engine: `postgres` (the default of `npm start`) or `pglite`. */
  engine: 'postgres',
};
type Options = typeof OPTIONS;

interface Sample {
  type: 'sample';
  seconds: number;
  rssMb: number;
  heapMb: number;
}

async function runServer(sampleSeconds: number, engine: 'postgres' | 'pglite'): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-soak-'));
  // Open to others as a site's folder is: as root, the embedded PostgreSQL runs as "nobody".
  chmodSync(dataDir, 0o755);
  const { app, url } = await startBenchApp({
    dataDir,
    inMemoryDatabase: false,
    embeddedDatabase: engine,
    sessionSecret: randomBytes(48).toString('base64url'),
  });
  const started = performance.now();
  process.send!({ type: 'ready', url });
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    const sample: Sample = {
      type: 'sample',
      seconds: (performance.now() - started) / 1000,
      // The whole tree: the embedded PostgreSQL's processes are the site's memory too.
      rssMb: memoryOf(process.pid).rssMb,
      heapMb: memory.heapUsed / 1048576,
    };
    process.send!(sample);
  }, sampleSeconds * 1000);
  const stop = () => {
    clearInterval(timer);
    void app.close().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.on('message', (message: { type: string }) => message.type === 'stop' && stop());
  process.on('disconnect', stop);
}

/** Runs the soak; its figures. */
async function soak(options: Options): Promise<{
  startMb: number;
  afterWarmupMb: number;
  endMb: number;
  growthPercent: number;
  messagesSent: number;
  roomChanges: number;
  returned: number;
  errors: number;
  refusals: Record<string, number>;
}> {
  const server = fork(fileURLToPath(import.meta.url), ['--server', String(options.sample), options.engine], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  });
  const samples: Sample[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    server.on('message', (message: { type: string; url?: string } | Sample) => {
      if (message.type === 'ready') resolve((message as { url: string }).url);
      else if (message.type === 'sample') samples.push(message as Sample);
    });
    server.once('exit', (code) => reject(new Error(`server exited (code ${code})`)));
  });
  const sockets = new Map<number, ClientSocket>();
  /** The room each client is in: messages go to one's current room only. */
  const roomIn = new Map<number, string>();
  const refusals = new Map<string, number>();
  const refused = (code: string) => refusals.set(code, (refusals.get(code) ?? 0) + 1);
  /** Sends and joins never answered: in flight on a socket that was closed for a return. */
  let errors = 0;
  let serial = 0;
  const counts = { messagesSent: 0, roomChanges: 0, returned: 0 };
  try {
    const rooms = (
      (await (await fetch(`${url}/api/rooms`)).json()) as { rooms: { id: string; isLocked: boolean }[] }
    ).rooms
      .filter((room) => !room.isLocked)
      .slice(0, options.rooms)
      .map((room) => room.id);
    const roomOf = (index: number) => rooms[index % rooms.length]!;
    const arrive = async (slot: number) => {
      const room = roomOf(slot + serial);
      const socket = await guestInRoom(url, `soak_${serial++}`, room);
      socket.on('error', () => errors++);
      sockets.set(slot, socket);
      roomIn.set(slot, room);
    };
    await pool(
      Array.from({ length: options.clients }, (_, slot) => slot),
      20,
      arrive,
    );
    const startMb = samples.at(-1)?.rssMb ?? NaN;
    console.log(`soak: ${options.clients} clients in ${rooms.length} rooms; running ${options.minutes} min…`);

    const end = performance.now() + options.minutes * 60_000;
    const tick = 1000;
    let second = 0;
    while (performance.now() < end) {
      const due = performance.now() + tick;
      const pick = () => Math.floor(Math.random() * options.clients);
      for (let i = 0; i < options.rate; i++) {
        const slot = pick();
        const socket = sockets.get(slot);
        if (!socket) continue;
        counts.messagesSent++;
        socket
          .timeout(10_000)
          .emitWithAck('publicMessage', {
            roomId: roomIn.get(slot)!,
            content: `soak ${second} ${i}`,
            clientMessageId: `soak-${second}-${i}-${slot}`,
          })
          .then(
            (reply) => void (reply.ok || refused(reply.code)),
            () => errors++,
          );
      }
      for (let i = 0; i < options.moves; i++) {
        const slot = pick();
        const socket = sockets.get(slot);
        if (!socket) continue;
        counts.roomChanges++;
        const room = rooms[Math.floor(Math.random() * rooms.length)]!;
        roomIn.set(slot, room);
        socket
          .timeout(10_000)
          .emitWithAck('joinRoom', { roomId: room })
          .then(
            (reply) => void (reply.ok || refused(reply.code)),
            () => errors++,
          );
      }
      for (let i = 0; i < options.returns; i++) {
        const slot = pick();
        const socket = sockets.get(slot);
        if (!socket) continue;
        sockets.delete(slot);
        socket.close();
        counts.returned++;
        arrive(slot).catch(() => errors++);
      }
      second++;
      await sleep(Math.max(0, due - performance.now()));
    }
    await sleep(options.sample * 1000 + 500); // the last sample
    const warm = samples.filter((sample) => sample.seconds >= samples[0]!.seconds + options.warmup * 60);
    const firstMinute = warm.filter((sample) => sample.seconds < warm[0]!.seconds + 60).map((s) => s.rssMb);
    const lastMinute = samples.filter((sample) => sample.seconds > samples.at(-1)!.seconds - 60).map((s) => s.rssMb);
    const afterWarmupMb = median(firstMinute);
    const endMb = median(lastMinute);
    return {
      startMb,
      afterWarmupMb,
      endMb,
      growthPercent: ((endMb - afterWarmupMb) / afterWarmupMb) * 100,
      ...counts,
      errors,
      refusals: Object.fromEntries(refusals),
    };
  } finally {
    for (const socket of sockets.values()) socket.close();
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.send({ type: 'stop' });
    });
  }
}

async function main(): Promise<void> {
  const serverArg = process.argv.indexOf('--server');
  if (serverArg !== -1)
    return runServer(
      Number(process.argv[serverArg + 1]),
      process.argv[serverArg + 2] === 'pglite' ? 'pglite' : 'postgres',
    );
  const options = readBenchOptions(process.argv.slice(2), process.env, 'SOAK', OPTIONS);
  if (options.engine !== 'postgres' && options.engine !== 'pglite') throw new Error('--engine: postgres or pglite');
  if (options.warmup + 1 > options.minutes) throw new Error('--minutes must exceed --warmup by at least 1');
  const result = await soak(options);
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  console.log(`Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(
    `server resident memory: after the clients arrived ${mb(result.startMb)}, after warm-up ${mb(result.afterWarmupMb)}, last minute ${mb(result.endMb)}`,
  );
  console.log(
    `growth after warm-up: ${result.growthPercent.toFixed(1)} % (target < 10 %) ${result.growthPercent < 10 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `traffic: ${result.messagesSent} messages, ${result.roomChanges} room changes, ${result.returned} returns; ` +
      `${result.errors} unanswered (their socket closed), refusals ${JSON.stringify(result.refusals)}`,
  );
  console.log(JSON.stringify({ bench: 'soak', ...options, ...result }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
