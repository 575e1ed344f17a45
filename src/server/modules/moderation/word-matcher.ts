import type { FilteredWord } from '../../../shared/entities/moderation';
import { entryWords, tokenize, visibleLength, type TextToken, type WordForm } from './word-normalizer';

/** A list entry found in a text: which entry, and the written tokens it covers. */
export interface WordMatch {
  entry: FilteredWord;
  /** Indexes into the text's tokens, first and last (inclusive). */
  firstToken: number;
  lastToken: number;
}

interface CompiledEntry {
  entry: FilteredWord;
  words: WordForm[];
}

/** One word of the text, flattened out of its token, with the token it was written in. */
interface TextWord {
  forms: WordForm[];
  token: number;
}

/** The text's runs cover the entry's: each letter written at least as often as in the entry. */
function covers(text: WordForm, entry: WordForm): boolean {
  if (text.key !== entry.key) return false;
  for (let i = 0; i < entry.runs.length; i++) if (text.runs[i]! < entry.runs[i]!) return false;
  return true;
}

function wordMatches(word: TextWord, entry: WordForm): boolean {
  return word.forms.some((form) => covers(form, entry));
}

/**
 * The filter list compiled for matching: entries indexed by their first word's key, so a text is
 * tokenised once and each of its words is looked up in a Map (no per-entry regex over the text).
 * Matching is by whole words, so an entry never matches inside a longer word.
 */
export function compileWordList(list: readonly FilteredWord[]) {
  const byFirstWord = new Map<string, CompiledEntry[]>();
  for (const entry of list) {
    const words = entryWords(entry.word);
    if (words.length === 0) continue;
    const key = words[0]!.key;
    const bucket = byFirstWord.get(key);
    if (bucket) bucket.push({ entry, words });
    else byFirstWord.set(key, [{ entry, words }]);
  }

  /** Every entry found in the tokens, overlapping ones included. */
  function find(tokens: readonly TextToken[]): WordMatch[] {
    const words: TextWord[] = tokens.flatMap((token, index) =>
      token.words.map((w) => ({ forms: w.forms, token: index })),
    );
    const found: WordMatch[] = [];
    for (let i = 0; i < words.length; i++) {
      const candidates = new Set(words[i]!.forms.flatMap((form) => byFirstWord.get(form.key) ?? []));
      for (const { entry, words: wanted } of candidates) {
        if (i + wanted.length > words.length) continue;
        if (wanted.every((w, j) => wordMatches(words[i + j]!, w)))
          found.push({ entry, firstToken: words[i]!.token, lastToken: words[i + wanted.length - 1]!.token });
      }
    }
    return found;
  }

  return {
    size: list.length,
    isEmpty: byFirstWord.size === 0,
    /** The text's tokens and every entry found in them. */
    scan(text: string): { tokens: TextToken[]; matches: WordMatch[] } {
      if (byFirstWord.size === 0) return { tokens: [], matches: [] };
      const tokens = tokenize(text);
      return { tokens, matches: find(tokens) };
    },
  };
}

export type WordMatcher = ReturnType<typeof compileWordList>;

/**
 * The text with the written words of `matches` replaced by asterisks, one per character that shows
 * (marks and invisible characters are dropped with the word); what lies between words stays.
 */
export function maskMatches(text: string, tokens: readonly TextToken[], matches: readonly WordMatch[]): string {
  if (matches.length === 0) return text;
  const masked = new Set<number>();
  for (const match of matches) for (let t = match.firstToken; t <= match.lastToken; t++) masked.add(t);
  let result = '';
  let at = 0;
  for (const index of [...masked].sort((a, b) => a - b)) {
    const token = tokens[index]!;
    result += text.slice(at, token.start) + '*'.repeat(visibleLength(text.slice(token.start, token.end)));
    at = token.end;
  }
  return result + text.slice(at);
}
