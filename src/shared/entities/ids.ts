import * as z from 'zod/mini';

/** The largest value of PostgreSQL's `integer` (users.id): anything larger never reaches SQL. */
export const INT32_MAX = 2_147_483_647;

/** A user id as it arrives in a payload. */
export const userIdSchema = z
  .int({ error: 'USER_NOT_FOUND' })
  .check(z.positive({ error: 'USER_NOT_FOUND' }), z.lte(INT32_MAX, { error: 'USER_NOT_FOUND' }));

/** A user id in a URL (`/api/users/42`). */
export const userIdParamSchema = z.coerce
  .number({ error: 'USER_NOT_FOUND' })
  .check(
    z.int({ error: 'USER_NOT_FOUND' }),
    z.positive({ error: 'USER_NOT_FOUND' }),
    z.lte(INT32_MAX, { error: 'USER_NOT_FOUND' }),
  );

/** A message id (bigint column, read as a JavaScript number): at most 2^53 − 1. */
export const messageIdParamSchema = z.coerce.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER));
