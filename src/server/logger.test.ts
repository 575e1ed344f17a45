import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isPretty, loggingOptions, prettyLine, type LogFormat } from './logger';

/** A stand-in for stdout that keeps what is written; `isTTY` as a terminal or a pipe. */
function output(isTTY: boolean) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream: stream as unknown as NodeJS.WriteStream, lines };
}

async function serve(logLevel: string, logFormat: LogFormat, isTTY: boolean) {
  const out = output(isTTY);
  const app = Fastify(loggingOptions({ logLevel, logFormat }, out.stream));
  app.get('/api/ping', async () => ({ ok: true }));
  app.get('/api/broken', async () => {
    throw new Error('database gone');
  });
  await app.ready();
  return { app, lines: out.lines };
}

describe('server logs', () => {
  it('are readable lines on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(isPretty('auto', true)).toBe(true);
    expect(isPretty('auto', false)).toBe(false);
    expect(isPretty('json', true)).toBe(false);
    expect(isPretty('pretty', false)).toBe(true);
  });

  it('writes a record as one short line, an error with its stack below', () => {
    const time = new Date(2026, 0, 1, 14, 5, 9).getTime();
    expect(
      prettyLine({ level: 30, time, pid: 1, hostname: 'h', msg: 'Majlis is running', url: 'http://x', redis: false }),
    ).toBe('14:05:09 INFO  Majlis is running url=http://x redis=false');
    expect(
      prettyLine({
        level: 20,
        time,
        reqId: 'r',
        msg: 'request completed',
        method: 'GET',
        url: '/api/rooms',
        status: 200,
        ms: 3,
      }),
    ).toBe('14:05:09 DEBUG GET /api/rooms 200 3ms');
    const withError = prettyLine({
      level: 50,
      time,
      msg: 'redis error',
      err: { type: 'Error', message: 'x', stack: 'Error: x\n    at y' },
    });
    expect(withError.split('\n')[0]).toBe('14:05:09 ERROR redis error');
    expect(withError).toContain('\n    Error: x');
  });

  it('logs no request at info, one short line per request at debug, and a server failure always', async () => {
    const quiet = await serve('info', 'pretty', false);
    await quiet.app.inject({ url: '/api/ping' });
    await quiet.app.inject({ url: '/nowhere' });
    expect(quiet.lines).toEqual([]);
    await quiet.app.inject({ url: '/api/broken' });
    expect(quiet.lines.some((line) => / ERROR .*database gone/.test(line))).toBe(true);
    await quiet.app.close();

    const chatty = await serve('debug', 'auto', true);
    await chatty.app.inject({ url: '/api/ping' });
    expect(chatty.lines).toHaveLength(1);
    expect(chatty.lines[0]).toMatch(/^\d\d:\d\d:\d\d DEBUG GET \/api\/ping 200 \d+ms$/);
    await chatty.app.close();
  });

  it('keeps JSON lines for collectors, with the request’s fields', async () => {
    const { app, lines } = await serve('debug', 'auto', false);
    await app.inject({ url: '/api/ping' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 20,
      msg: 'request completed',
      method: 'GET',
      url: '/api/ping',
      status: 200,
    });
    await app.close();
  });
});
