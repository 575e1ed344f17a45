import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNginx, NGINX_PATH } from '../../../scripts/ensure-nginx';
import { EXAMPLE_PATH, EXAMPLE_SETTINGS, renderNginxConfig } from '../../../scripts/nginx-config';
import { PROTOCOL_VERSION } from '../../shared/realtime/protocol';
import { aPng } from '../testing/test-images';
import {
  api,
  apiForm,
  aMember,
  connect,
  joinRoom,
  nextEnvelope,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../testing/test-server';
import { freePort } from '../testing/free-port';

describe('deploy/nginx/majlis.conf', () => {
  it('is the template filled in with the example settings (npm run deploy:nginx after changing it)', () => {
    expect(readFileSync(EXAMPLE_PATH, 'utf8')).toBe(renderNginxConfig(EXAMPLE_SETTINGS));
  });
});

/** Debian's nginx as a child process: its own prefix, configuration, pid and logs in `dir`. */
async function startNginx(dir: string, site: string, port: number): Promise<ChildProcess> {
  for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, 'majlis.conf'), site);
  const temp = path.join(dir, 'temp');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'logs/error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${path.join(dir, 'logs/access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp}/${kind};`),
      `  include ${path.join(dir, 'majlis.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(enabled)('two nodes behind nginx, with the shipped configuration', { timeout: 60_000 }, () => {
  let dir = '';
  let nginx: ChildProcess | undefined;
  let nginxUrl = '';
  let nodes: TestServer[] = [];
  let databaseName = '';
  const sockets: ClientSocket[] = [];

  function node(socket: ClientSocket): TestServer {
    const found = nodes.find((candidate) => candidate.app.io.of('/').sockets.has(socket.id!));
    if (!found) throw new Error('socket is on no node');
    return found;
  }

  /**
   * A socket through nginx, by one transport only, or (`upgrade`) as a page on a network that failed
   * a WebSocket before: polling first, then upgraded to a WebSocket on the same node.
   */
  function viaNginx(who: SignedInClient, transport: 'websocket' | 'polling' | 'upgrade'): Promise<ClientSocket> {
    const socket: ClientSocket = connectSocket(nginxUrl, {
      path: '/socket.io',
      transports: transport === 'upgrade' ? ['polling', 'websocket'] : [transport],
      upgrade: transport === 'upgrade',
      extraHeaders: { cookie: who.cookie },
      auth: { protocol: PROTOCOL_VERSION },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  async function say(socket: ClientSocket, content: string): Promise<void> {
    const ack = await socket.timeout(5000).emitWithAck('publicMessage', {
      roomId: 'general',
      content,
      clientMessageId: randomBytes(8).toString('hex'),
    });
    expect(ack).toMatchObject({ ok: true });
  }

  function hears(socket: ClientSocket, content: string) {
    return nextEnvelope(socket, 'newMessage', (envelope) => envelope.message.content === content, 5000);
  }

  beforeAll(async () => {
    const problem = ensureNginx();
    if (problem) throw new Error(problem);
    dir = mkdtempSync(path.join(tmpdir(), 'majlis-nginx-'));
    // One database for both nodes, made here (not by the first node, which would drop it when stopped).
    databaseName = `majlis_nginx_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const databaseUrl = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${databaseName}` });

    const [port, redirectPort] = [await freePort(), await freePort()];
    nginxUrl = `http://127.0.0.1:${port}`;
    // The web app's files: one hashed asset, large enough to be compressed, with its .gz twin.
    const webRoot = path.join(dir, 'web');
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('مجلس '.repeat(2000))});\n`;
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js'), script);
    writeFileSync(path.join(webRoot, 'assets/app-abc123.js.gz'), gzipSync(script));

    const dataDir = path.join(dir, 'data');
    const shared = {
      databaseUrl: databaseUrl.toString(),
      dataDir,
      trustProxy: true,
      publicUrl: nginxUrl,
    };
    const first = await startTestServer(shared);
    nodes = [first, await startPeerNode(first, shared)];
    const site = renderNginxConfig({
      ...EXAMPLE_SETTINGS,
      nodes: nodes.map((server) => new URL(server.url).host),
      serverName: '127.0.0.1',
      listen: `127.0.0.1:${port}`,
      redirectListen: `127.0.0.1:${redirectPort}`,
      tls: undefined,
      webRoot,
      dataDir,
    });
    nginx = await startNginx(path.join(dir, 'nginx'), site, port);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    nginx?.kill('SIGTERM');
    // Each node removes the site's Redis keys when closed; the database is this file's.
    for (const server of nodes) await server.close().catch(() => {});
    if (databaseName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the built files and uploaded pictures itself, compressed where it helps, and the rest from the nodes', async () => {
    const asset = await fetch(`${nginxUrl}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toContain('مجلس');

    const sara = await aMember(nodes[0]!, 'سارة');
    const upload = await apiForm(nginxUrl, '/api/uploads/image', {
      cookie: sara.cookie,
      files: { image: { data: new Uint8Array(await aPng(300, 200)), type: 'image/png', name: 'p.png' } },
    });
    expect(upload.status).toBe(200);
    const picture = await fetch(nginxUrl + (upload.body.image as { url: string }).url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    // From disk by nginx (the nodes' stream sends no Last-Modified).
    expect(picture.headers.get('last-modified')).toBeTruthy();
    const health = await api(nginxUrl, '/api/health');
    expect(health.status).toBe(200);
  });

  it('carries WebSocket, polling, and polling upgraded to WebSocket; a message from a client behind nginx on one node reaches a client on the other', async () => {
    const [hala, omar, nour, layla] = await Promise.all(
      ['هالة', 'عمر', 'نور', 'ليلى'].map((name) => aMember(nodes[0]!, name)),
    );
    const viaWebSocket = await viaNginx(hala!, 'websocket');
    const viaPolling = await viaNginx(omar!, 'polling');
    expect(viaWebSocket.io.engine.transport.name).toBe('websocket');
    expect(viaPolling.io.engine.transport.name).toBe('polling');
    const upgrading = await viaNginx(layla!, 'upgrade');
    if (upgrading.io.engine.transport.name !== 'websocket')
      await new Promise((resolve) => upgrading.io.engine.once('upgrade', resolve));
    expect(upgrading.io.engine.transport.name).toBe('websocket');
    // Someone connected straight to the node that does not hold the WebSocket client.
    const other = nodes.find((candidate) => candidate !== node(viaWebSocket))!;
    const direct = await connect(other.url, nour!.cookie);
    sockets.push(direct);
    for (const socket of [viaWebSocket, viaPolling, upgrading, direct]) await joinRoom(socket, 'general');

    const first = 'من خلف nginx إلى العقدة الأخرى';
    const heard = [hears(direct, first), hears(viaPolling, first), hears(upgrading, first)];
    await say(viaWebSocket, first);
    await Promise.all(heard);

    // Polling is sticky: many requests of one connection, and its messages go out and come back.
    const second = 'عبر الاستطلاع';
    const heardToo = [hears(direct, second), hears(viaWebSocket, second)];
    await say(viaPolling, second);
    await Promise.all(heardToo);
  });

  it('keeps the chat going through the other node when one is stopped', async () => {
    const [rami, lina] = await Promise.all(['رامي', 'لينا'].map((name) => aMember(nodes[0]!, name)));
    let ramiSocket = await viaNginx(rami!, 'websocket');
    let linaSocket = await viaNginx(lina!, 'polling');
    const stopped = node(ramiSocket);
    const survivor = nodes.find((candidate) => candidate !== stopped)!;

    // A node restarted for an upgrade: it closes its sockets, and nginx sends everyone to the other.
    const dropped = new Promise((resolve) => ramiSocket.once('disconnect', resolve));
    await stopped.app.close();
    nodes = nodes.filter((candidate) => candidate !== stopped);
    await dropped;
    ramiSocket = await viaNginx(rami!, 'websocket');
    if (linaSocket.disconnected || !survivor.app.io.of('/').sockets.has(linaSocket.id!)) {
      linaSocket.close();
      linaSocket = await viaNginx(lina!, 'polling');
    }
    expect(node(ramiSocket)).toBe(survivor);
    expect(node(linaSocket)).toBe(survivor);
    for (const socket of [ramiSocket, linaSocket]) await joinRoom(socket, 'general');

    const after = 'ما زلنا هنا';
    const heard = hears(linaSocket, after);
    await say(ramiSocket, after);
    await heard;
    const back = 'عبر الاستطلاع بعد التوقف';
    const heardBack = hears(ramiSocket, back);
    await say(linaSocket, back);
    await heardBack;
    expect((await api(nginxUrl, '/api/health')).status).toBe(200);
    // Signing in still works through nginx.
    expect((await api(nginxUrl, '/api/auth/guest', { body: { username: 'زائر' } })).status).toBe(200);
  });
});
