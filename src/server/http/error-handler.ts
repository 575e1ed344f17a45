import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { errorBody } from './errors';
import { isDataException } from './input-guard';

/**
 * The router's own refusals (`frameworkErrors`): a path segment that is not valid URL encoding,
 * or longer than any id could be. Neither names a real resource.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(error.statusCode === 414 ? 414 : 400).send(errorBody('VALIDATION_ERROR'));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (`clientErrorHandler`): headers or
 * a URL past its 16 KiB, a malformed request line. The same Arabic error body, then the
 * connection is closed (what was read of it cannot be trusted).
 */
export function clientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(errorBody('VALIDATION_ERROR'));
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** Every failure leaves as the spec's error body with an Arabic message; nothing else leaks. */
export function registerErrorHandling(fastify: FastifyInstance): void {
  fastify.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(errorBody(error.code, error.details, error.timeLeft));
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.code(400).send(errorBody('VALIDATION_ERROR'));
    }
    // The database cannot be reached: nothing was done, and the client may try again later.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(errorBody('SERVICE_UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(errorBody('RATE_LIMITED'));
    if (status === 413)
      return reply.code(413).send({
        ...errorBody('VALIDATION_ERROR'),
        message: 'الملف كبير جداً - اختر ملفاً أصغر',
        code: 'PAYLOAD_TOO_LARGE',
      });
    if (status >= 400 && status < 500)
      return reply.code(status === 415 ? 415 : 400).send(errorBody('VALIDATION_ERROR'));
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('INTERNAL'));
  });
}
