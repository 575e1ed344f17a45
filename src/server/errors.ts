import { errorText, type ErrorCode } from '../shared/api/errors';

/**
 * A refusal with its HTTP status; its message is the code's Arabic text. Services throw it, and
 * each transport says it its own way: an HTTP error body, or a socket acknowledgement or `error`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly details?: unknown,
    /** Seconds left on a temporary restriction (a ban, a mute, a flood pause). */
    readonly timeLeft?: number,
  ) {
    super(errorText(code, timeLeft));
  }
}
