import type { FilteredWord } from '../../../shared/entities/moderation';
import { authorize, type NamedActor } from '../../authorize';
import type { FilteredWordRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { ModerationLog } from './moderation-log';
import { compileWordList, maskMatches, type WordMatcher } from './word-matcher';
import { entryKey } from './word-normalizer';
import type { StoredWord, WordFilterRepo } from './word-filter.repo';

/** A message after the filter: the text to store and show (masked), and the flagged entries in it. */
export interface ScreenedMessage {
  content: string;
  flagged: FilteredWord[];
}

const toWord = (row: FilteredWordRow): FilteredWord => ({ word: row.word, action: row.action });

/** "KalbAli" reads as two words, like "Kalb Ali". */
const CAMEL_CASE = /(\p{Ll})(\p{Lu})/gu;
const SEPARATORS = /[\s_-]+/gu;

/**
 * The word filter: the list staff keep (admin and up), held compiled in memory on every node, and
 * what it does to messages (mask, refuse, or store and report), names and rooms. The list is read at
 * start; a change made on one node is applied here before the call returns, and `syncNodes` has
 * every other node read it again before the change is acknowledged.
 */
export function createWordFilterService(deps: {
  repo: WordFilterRepo;
  log: ModerationLog;
  /** Tells the other nodes to read the list again; resolves once they have (or gave up waiting). */
  syncNodes: () => Promise<void>;
  onError: (error: unknown) => void;
}) {
  const { repo, log } = deps;
  let words: FilteredWord[] = [];
  let matcher: WordMatcher = compileWordList([]);
  /** Reads and writes are numbered: an older read finishing late never replaces a newer list. */
  let issued = 0;
  let applied = 0;
  let reloading: Promise<void> | null = null;

  function apply(rows: readonly FilteredWordRow[], generation: number): void {
    if (generation < applied) return;
    applied = generation;
    words = [...rows].sort((a, b) => a.id - b.id).map(toWord);
    matcher = compileWordList(words);
  }

  function reload(): Promise<void> {
    const generation = ++issued;
    const work = repo.list().then((rows) => apply(rows, generation));
    const tracked: Promise<void> = work.finally(() => {
      if (reloading === tracked) reloading = null;
    });
    reloading = tracked;
    return tracked;
  }

  /** The list as it is now: a check made while the list is being read again waits for it. */
  async function current(): Promise<WordMatcher> {
    if (reloading) await reloading.catch(deps.onError);
    return matcher;
  }

  /** Whether any entry, whatever its action, is in one of these texts. */
  async function containsAny(texts: string[]): Promise<boolean> {
    const m = await current();
    return !m.isEmpty && texts.some((text) => m.scan(text).matches.length > 0);
  }

  return {
    /** Reads the list at start. */
    load: reload,

    /** Another node changed the list: read it again. */
    reload,

    async list(actor: NamedActor): Promise<FilteredWord[]> {
      authorize(actor, 'editWordFilter');
      await current();
      return words;
    },

    /**
     * Replaces the whole list (admin and up). Entries that read the same once normalised are one
     * entry (the first is kept); an entry with no word in it (only digits, marks or invisible
     * characters) is refused. Recorded in the moderation log.
     */
    async replace(actor: NamedActor, input: readonly FilteredWord[]): Promise<FilteredWord[]> {
      authorize(actor, 'editWordFilter');
      const entries = new Map<string, StoredWord>();
      for (const { word, action } of input) {
        const normalized = entryKey(word);
        if (!normalized) throw new AppError('WORD_INVALID', 400, [{ path: 'words', code: 'WORD_INVALID', word }]);
        if (!entries.has(normalized)) entries.set(normalized, { word, action, normalized });
      }
      const before = new Map(words.map((w) => [entryKey(w.word), w.action]));
      const generation = ++issued;
      const rows = await repo.replace([...entries.values()], actor.id);
      apply(rows, generation);
      const added = [...entries.keys()].filter((key) => !before.has(key)).length;
      const changed = [...entries].filter(([key, w]) => before.has(key) && before.get(key) !== w.action).length;
      await log.record({
        actor,
        action: 'wordFilter',
        details: { count: entries.size, added, removed: before.size - (entries.size - added), changed },
      });
      await deps.syncNodes();
      return words;
    },

    /**
     * The one check every message goes through (room messages now, private messages later):
     * refused with MESSAGE_BLOCKED_WORD if it holds a `block` entry; otherwise `mask` entries are
     * replaced by asterisks in the returned text, and `flag` entries are returned for a report.
     */
    async screenMessage(text: string): Promise<ScreenedMessage> {
      const m = await current();
      if (m.isEmpty) return { content: text, flagged: [] };
      const { tokens, matches } = m.scan(text);
      if (matches.length === 0) return { content: text, flagged: [] };
      if (matches.some((match) => match.entry.action === 'block')) throw new AppError('MESSAGE_BLOCKED_WORD', 400);
      const masks = matches.filter((match) => match.entry.action === 'mask');
      const flagged = [
        ...new Set(matches.filter((match) => match.entry.action === 'flag').map((match) => match.entry)),
      ];
      return { content: maskMatches(text, tokens, masks), flagged };
    },

    /**
     * A name with any listed word is refused, whatever the entry's action: a name is shown
     * everywhere and is never stored masked. Also read as "KalbAli" → "Kalb Ali", and with its
     * separators taken out ("k_a_l_b" is the whole word "kalb").
     */
    async screenName(name: string): Promise<void> {
      const spread = name.replace(CAMEL_CASE, '$1 $2');
      if (await containsAny([name, spread, name.replace(SEPARATORS, '')])) throw new AppError('NAME_BLOCKED_WORD', 400);
    },

    /** A new room's name and description: refused if either holds a listed word. */
    async screenRoom(name: string, description: string): Promise<void> {
      if (await containsAny([name, description])) throw new AppError('ROOM_BLOCKED_WORD', 400);
    },
  };
}

export type WordFilterService = ReturnType<typeof createWordFilterService>;
