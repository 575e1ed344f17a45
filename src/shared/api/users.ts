import * as z from 'zod/mini';

export const userIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'USER_NOT_FOUND' })
    .check(z.int({ error: 'USER_NOT_FOUND' }), z.positive({ error: 'USER_NOT_FOUND' })),
});
