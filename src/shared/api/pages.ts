import * as z from 'zod/mini';

/** `GET /api/pages?path=/egypt/cairo`: what a page is, for the development server. */
export const pageQuerySchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(512), z.startsWith('/')),
});
