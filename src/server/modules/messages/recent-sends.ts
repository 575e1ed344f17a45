import type { Message } from '../../../shared/entities/message';

/** How many sends a node remembers: a page retries within seconds of losing an answer. */
export const RECENT_SENDS_LIMIT = 2000;

/**
 * The room messages this node posted lately, by sender and clientMessageId, stored or on their
 * way. A retry (its answer was lost) gets the same message back without it being announced to
 * the room a second time; a try that failed is forgotten, so the next one runs again. A retry
 * this node does not remember (sent to another node) is caught by the database's unique index.
 */
export function createRecentSends(limit = RECENT_SENDS_LIMIT) {
  const sends = new Map<string, Promise<Message>>();
  return {
    get(key: string): Promise<Message> | undefined {
      return sends.get(key);
    },
    remember(key: string, posting: Promise<Message>): void {
      sends.set(key, posting);
      posting.catch(() => {
        if (sends.get(key) === posting) sends.delete(key);
      });
      // A Map keeps insertion order: the oldest go first.
      for (const oldest of sends.keys()) {
        if (sends.size <= limit) break;
        sends.delete(oldest);
      }
    },
  };
}
