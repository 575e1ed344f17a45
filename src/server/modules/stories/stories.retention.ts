import type { Db } from '../../db/client';
import type { RetentionRule } from '../module';
import { createStoriesRepo } from './stories.repo';

/**
 * Expired stories (past their 24 hours), in batches: the rows, their views (by cascade) and their
 * pictures' rows and files. Built from the database alone, so `npm run retention` runs it too.
 */
export function storiesRetention(db: Db, discardImages: (ids: readonly string[]) => Promise<void>): RetentionRule {
  const repo = createStoriesRepo(db);
  return {
    kind: 'stories',
    async sweep(now, batchSize) {
      const gone = await repo.deleteExpired(now, batchSize);
      await discardImages(gone.flatMap((story) => (story.imageId ? [story.imageId] : [])));
      return gone.length;
    },
  };
}
