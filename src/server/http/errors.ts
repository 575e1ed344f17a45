import type * as z from 'zod/mini';
import { errorText, firstIssueCode, type ErrorBody, type ErrorCode } from '../../shared/api/errors';
import { AppError } from '../errors';
import { hasForbiddenText } from './input-guard';

/** Parses input with its shared schema; a failure becomes a 400 carrying the first issue's code. */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  if (hasForbiddenText(input)) throw new AppError('INVALID_CHARACTERS', 400);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message }));
  throw new AppError(firstIssueCode(result.error), 400, details);
}

export function errorBody(code: ErrorCode, details?: unknown, timeLeft?: number): ErrorBody {
  return {
    message: errorText(code, timeLeft),
    error: code,
    code,
    ...(details === undefined ? {} : { details }),
    ...(timeLeft === undefined ? {} : { timeLeft }),
    timestamp: new Date().toISOString(),
  };
}
