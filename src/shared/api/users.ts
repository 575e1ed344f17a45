import { z } from 'zod';

export const userIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'USER_NOT_FOUND' })
    .int({ message: 'USER_NOT_FOUND' })
    .positive({ message: 'USER_NOT_FOUND' }),
});
