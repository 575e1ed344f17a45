// Voice mesh limits: S speakers × L listeners in headless Chromium with fake microphones, each
// person a page of their own. For each shape: how many of the expected audio streams flow, how long
// the connections took, packet loss and jitter, and the CPU it costs (Chromium's processes, and this
// process, which runs the server and the Playwright driver).
// Run: npx vite build && npm run bench:voice -- [--shapes 1x5,1x10,3x10] [--seconds 5]
/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { users } from '../src/server/db/schema';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const shapes = arg('shapes', '1x2,1x5,1x10,2x10,3x10,1x20,6x6')
  .split(',')
  .map((shape) => shape.split('x').map(Number) as [number, number]);
const seconds = Number(arg('seconds', '5'));
const ROOM = 'broadcast';

declare global {
  interface Window {
    __peerConnections: RTCPeerConnection[];
  }
}

// ---- CPU of this process's descendants (Chromium), from /proc -----------------------------------
function descendantsTicks(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === root) {
        total += t;
        break;
      }
  }
  return total;
}

// ---- the site -------------------------------------------------------------------------------------
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  {
    port: 0,
    host: '127.0.0.1',
    inMemoryDatabase: true,
    webDistDir: path.resolve('dist/web'),
    authAttemptsPerMinute: 1000,
    apiRequestsPerMinute: 100_000,
    maxConnectionsPerAddress: 1000,
  },
);
const maxPeople = Math.max(...shapes.map(([s, l]) => s + l));
config.voice.limits.maxSpeakers = Math.max(...shapes.map(([s]) => s));
const app = await createApp(config);
const base = await app.listen();

async function register(name: string): Promise<{ id: number; cookie: string }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, password: 'password-123' }),
  });
  const body = (await res.json()) as { user: { id: number } };
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { id: body.user.id, cookie };
}
const call = (cookie: string, method: string, url: string, body?: unknown) =>
  fetch(base + url, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const owner = await register('مالك القياس');
await app.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id));
const people = [];
for (let i = 0; i < maxPeople; i++) people.push(await register(`صوت ${i + 1}`));

const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});

async function open(cookie: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: base, locale: 'ar' });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__peerConnections = [];
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        window.__peerConnections.push(this);
      }
    };
  });
  await page.goto('/');
  await page.getByRole('heading', { name: 'اختر غرفة للدردشة' }).waitFor({ timeout: 60_000 });
  await page
    .getByRole('button', { name: /غرفة البث/ })
    .first()
    .click();
  await page.getByRole('region', { name: 'الغرفة الصوتية' }).getByRole('button', { name: 'انضم للصوت' }).click();
  await page.locator('[data-voice-phase="joined"]').waitFor({ timeout: 60_000 });
  return page;
}

interface Inbound {
  streams: { bytes: number; lost: number; received: number; jitter: number }[];
  connected: number;
}
const inbound = (page: Page): Promise<Inbound> =>
  page.evaluate(async () => {
    const streams: Inbound['streams'] = [];
    let connected = 0;
    for (const pc of window.__peerConnections) {
      if (pc.connectionState === 'closed') continue;
      if (pc.connectionState === 'connected') connected++;
      (await pc.getStats()).forEach(
        (r: {
          type: string;
          kind?: string;
          bytesReceived?: number;
          packetsLost?: number;
          packetsReceived?: number;
          jitter?: number;
        }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'audio')
            streams.push({
              bytes: r.bytesReceived ?? 0,
              lost: r.packetsLost ?? 0,
              received: r.packetsReceived ?? 0,
              jitter: r.jitter ?? 0,
            });
        },
      );
    }
    return { streams, connected };
  });

const rows: string[] = [];
for (const [speakers, listeners] of shapes) {
  const crowd = people.slice(0, speakers + listeners);
  const host = crowd[0]!;
  await call(owner.cookie, 'PUT', `/api/rooms/${ROOM}/host`, { userId: host.id });
  const started = Date.now();
  const pages: Page[] = [];
  for (const person of crowd) pages.push(await open(person.cookie));
  // The host takes the microphone; the other speakers raise a hand and are brought up.
  await call(host.cookie, 'POST', `/api/rooms/${ROOM}/mic/request`);
  for (let i = 1; i < speakers; i++) {
    await pages[i]!.getByRole('button', { name: 'ارفع يدك' }).click();
    await pages[i]!.getByRole('button', { name: 'أنزل يدك' }).waitFor();
    await call(host.cookie, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: crowd[i]!.id });
  }
  const stageAt = Date.now();
  const expectedConnections = speakers * (speakers - 1) + listeners * speakers;
  let connectedAt = NaN;
  for (let waited = 0; waited < 60_000; waited += 500) {
    const counts = await Promise.all(pages.map((p) => inbound(p)));
    if (counts.reduce((sum, c) => sum + c.connected, 0) >= expectedConnections) {
      connectedAt = Date.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const before = await Promise.all(pages.map((p) => inbound(p)));
  const cpuBefore = descendantsTicks(process.pid);
  const nodeBefore = process.cpuUsage();
  const wallBefore = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await Promise.all(pages.map((p) => inbound(p)));
  const wall = (Date.now() - wallBefore) / 1000;
  const chromeCpu = ((descendantsTicks(process.pid) - cpuBefore) / 100 / wall) * 100;
  const nodeUsage = process.cpuUsage(nodeBefore);
  const nodeCpu = ((nodeUsage.user + nodeUsage.system) / 1e6 / wall) * 100;

  let flowing = 0;
  let lost = 0;
  let received = 0;
  const jitters: number[] = [];
  let kbps = 0;
  after.forEach((page, p) =>
    page.streams.forEach((stream, s) => {
      const earlier = before[p]!.streams[s];
      const bytes = stream.bytes - (earlier?.bytes ?? 0);
      // Opus from the fake device runs at ~32 kbit/s: a stream under a quarter of that is not flowing.
      if (bytes / wall > 1000) flowing++;
      kbps += (bytes * 8) / wall / 1000;
      lost += stream.lost - (earlier?.lost ?? 0);
      received += stream.received - (earlier?.received ?? 0);
      jitters.push(stream.jitter * 1000);
    }),
  );
  const lossPct = received + lost > 0 ? (lost / (received + lost)) * 100 : 0;
  const jitter = jitters.length ? jitters.reduce((a, b) => a + b, 0) / jitters.length : 0;
  rows.push(
    [
      `${speakers}×${listeners}`.padEnd(7),
      String(speakers + listeners).padStart(6),
      `${flowing}/${expectedConnections}`.padStart(9),
      (Number.isNaN(connectedAt) ? 'never' : `${((connectedAt - stageAt) / 1000).toFixed(1)} s`).padStart(9),
      `${lossPct.toFixed(1)}%`.padStart(7),
      `${jitter.toFixed(1)} ms`.padStart(9),
      `${(kbps / Math.max(1, flowing)).toFixed(0)}`.padStart(7),
      `${chromeCpu.toFixed(0)}%`.padStart(8),
      `${nodeCpu.toFixed(0)}%`.padStart(7),
      `${((Date.now() - started) / 1000).toFixed(0)} s`.padStart(7),
    ].join(' '),
  );
  console.log(rows[rows.length - 1]);
  for (const page of pages) await page.context().close();
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

console.log(
  `\nshape    pages   flowing  connect    loss    jitter  kbit/s  chromium   node   total\n${rows.join('\n')}`,
);
console.log(
  `(CPU in % of one core; ${seconds} s window; load average at end ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
);
await browser.close();
await app.close();
