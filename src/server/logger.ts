import { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * How the server logs. JSON lines (pino's own) for log collectors; short readable lines for a
 * person at a terminal. LOG_FORMAT chooses (`json`, `pretty`); by default a terminal (a TTY) gets
 * the readable lines and anything else (a pipe, a container's log driver) JSON. Every request is
 * logged at `debug`, so at the default `info` a busy site does not bury the lines that matter.
 */

export type LogFormat = 'auto' | 'json' | 'pretty';

/** Whether lines are written for a person: `pretty`, or `auto` on a terminal. */
export function isPretty(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}

/** The message of a request's one line; its fields say the rest. */
const REQUEST_DONE = 'request completed';
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** pino's fields that the readable line shows in its own way, or not at all. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'req', 'res', 'responseTime']);

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s="]/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

/**
 * One pino record as a short line: `14:05:09 INFO  Majlis is running url=… redis=false`; a
 * request as `GET /api/rooms 200 3ms`; an error with its stack on the lines below.
 */
export function prettyLine(record: Record<string, unknown>): string {
  const time = typeof record.time === 'number' ? new Date(record.time).toTimeString().slice(0, 8) : '--:--:--';
  const level = LEVELS[Number(record.level)] ?? String(record.level);
  if (record.msg === REQUEST_DONE && record.method && record.url)
    return `${time} ${level} ${String(record.method)} ${String(record.url)} ${String(record.status)} ${String(record.ms)}ms`;
  const fields = Object.entries(record)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, v]) => `${key}=${value(v)}`);
  const parts = [time, level, String(record.msg ?? ''), ...fields];
  const err = record.err as { type?: string; message?: string; stack?: string } | undefined;
  const line = parts.filter(Boolean).join(' ');
  if (!err) return line;
  return `${line}\n${err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`}`.replace(/\n/g, '\n    ');
}

/** A stream pino writes its JSON lines to, which writes readable lines to `out` instead. */
export function prettyStream(out: NodeJS.WritableStream): Writable {
  let rest = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        try {
          out.write(`${prettyLine(JSON.parse(line) as Record<string, unknown>)}\n`);
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

/**
 * Fastify's request lines, quieter: one line per request (none on arrival), at `debug`, unless
 * it failed on the server's side (5xx), which stays an error. Client mistakes (4xx, unknown
 * routes) are part of the traffic, so they are `debug` too.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || reply.statusCode >= 500) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      REQUEST_DONE,
    );
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else reply.log.debug({ status: reply.statusCode, err: error.message }, error.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`${request.method} ${request.url} not found`);
  }
}

/** The logger options of the Fastify instance (app.ts). */
export function loggingOptions(
  config: { logLevel: string; logFormat: LogFormat },
  out: NodeJS.WriteStream = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: isPretty(config.logFormat, out.isTTY === true)
      ? { level: config.logLevel, stream: prettyStream(out) }
      : out === process.stdout
        ? { level: config.logLevel }
        : { level: config.logLevel, stream: out },
    logController: new RequestLog(),
  };
}
