/** Ignore: the ignorer's own tabs follow their list. */
import * as z from 'zod/mini';
import { envelope } from './registry';

export const ignoreEnvelopes = {
  ignoreChanged: envelope('ignoreChanged', "To the ignorer's tabs: they started or stopped ignoring `userId`", {
    userId: z.int(),
    ignoring: z.boolean(),
  }),
};
