/**
 * The one folding of message text for search (spec issue 22 §5): what is stored beside each text
 * message (`search_text`), what a query is folded to, and what the browser highlights. Two spellings
 * an Arabic reader takes for the same word fold to the same letters:
 *
 * - tashkeel and every other combining mark, tatweel and invisible format characters are dropped;
 * - the hamza and madda forms of alef (أ إ آ) and alef wasla (ٱ) → ا; waw and yeh with hamza (ؤ ئ)
 *   → و ي, the way people write them without the hamza («مسؤول» ~ «مسوول», «رئيس» ~ «رييس»);
 * - alef maqsura ى ~ ي, teh marbuta ة ~ ه, and the Persian and Urdu forms of yeh, heh and kaf;
 * - Arabic-Indic digits → ASCII digits; Latin case folded and its accents dropped (é → e);
 * - anything but a letter or digit separates words.
 *
 * The folding goes character by character, so a folded position maps back to the original text
 * (the browser highlights what matched). Words match by their beginning: «مرح» finds «مرحبا», never
 * a word that merely contains it. A word with the article (ال، وال، بال، فال، كال، لل) also begins
 * after it, as a reader sees it: «مستشفى» finds «المستشفى» and «بالمستشفى».
 */

export const SEARCH = {
  /** Longest query, in characters. */
  maxQueryLength: 100,
  /** Words of a query that count (the rest are ignored). */
  maxTerms: 6,
  /** Fewest folded letters a query must have, all words together. */
  minLetters: 2,
  /** Results per page. */
  page: 20,
} as const;

/**
 * Bump whenever the folding changes: start-up then recomputes the stored search text of every
 * message (see `db/search-text-backfill.ts`).
 */
export const SEARCH_TEXT_VERSION = 1;

/** Marks, invisible format characters, tatweel and the high hamza: dropped. */
const DROPPED = /[\p{M}\p{Cf}\u0640\u0674]/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Letters read as the same letter once their marks are gone (NFKD has split أ into ا and a mark). */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ى: 'ي',
  ی: 'ي',
  ې: 'ي',
  ة: 'ه',
  ۃ: 'ه',
  ہ: 'ه',
  ە: 'ه',
  ھ: 'ه',
  ک: 'ك',
  ڪ: 'ك',
};

const folds = new Map<string, string>();

/** One character (code point) folded: '' when dropped, ' ' when it separates words. */
function foldChar(char: string): string {
  const known = folds.get(char);
  if (known !== undefined) return known;
  let out = '';
  for (const part of char.normalize('NFKD').toLowerCase()) {
    if (DROPPED.test(part)) continue;
    const code = part.codePointAt(0)!;
    if (code >= 0x0660 && code <= 0x0669) out += String(code - 0x0660);
    else if (code >= 0x06f0 && code <= 0x06f9) out += String(code - 0x06f0);
    else if (WORD_CHAR.test(part)) out += LETTER_FOLDS[part] ?? part;
    else out += ' ';
  }
  if (folds.size < 5000) folds.set(char, out);
  return out;
}

/** A word of folded text and where it came from in the original (UTF-16 offsets, end exclusive). */
export interface FoldedWord {
  word: string;
  /** For each letter of `word`, the original offsets it came from. */
  starts: number[];
  ends: number[];
}

/** The text's words, folded, each with the original offsets of its letters. */
export function foldedWords(text: string): FoldedWord[] {
  const words: FoldedWord[] = [];
  let current: FoldedWord | null = null;
  let offset = 0;
  for (const char of text) {
    const start = offset;
    offset += char.length;
    for (const letter of foldChar(char)) {
      if (letter === ' ') {
        current = null;
        continue;
      }
      if (!current) {
        current = { word: '', starts: [], ends: [] };
        words.push(current);
      }
      current.word += letter;
      current.starts.push(start);
      current.ends.push(offset);
    }
  }
  return words;
}

/** Article prefixes, folded, longest first; what follows must still be a word of two letters or more. */
const ARTICLES = ['وال', 'فال', 'بال', 'كال', 'ال', 'لل'];

/** Where a folded word may be said to begin: at 0, and after its article if it has one. */
export function wordStarts(word: string): number[] {
  const article = ARTICLES.find((prefix) => word.startsWith(prefix) && [...word].length >= prefix.length + 2);
  return article ? [0, article.length] : [0];
}

/** The search text stored for a message: its folded words (and their forms without the article). */
export function searchTextOf(content: string): string {
  const words: string[] = [];
  for (const { word } of foldedWords(content)) for (const start of wordStarts(word)) words.push(word.slice(start));
  return words.join(' ');
}

/** A query's words, folded, without repeats, at most `SEARCH.maxTerms`. */
export function searchTerms(query: string): string[] {
  const terms = [...new Set(foldedWords(query).map((entry) => entry.word))];
  // A word that begins another one adds nothing («مرح مرحبا» is «مرحبا»).
  return terms
    .filter((term) => !terms.some((other) => other !== term && other.startsWith(term)))
    .slice(0, SEARCH.maxTerms);
}

/** Whether a query has enough to search for (see `SEARCH.minLetters`). */
export function isSearchable(terms: readonly string[]): boolean {
  return [...terms.join('')].length >= SEARCH.minLetters;
}

/**
 * The PostgreSQL text-search query: every word, as a prefix (`w1:* & w2:*`). Words hold only
 * letters and digits, so nothing in them is an operator.
 */
export function toPrefixTsQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}

/** Whether a text holds every term at the start of some word (the server's rule, for tests and the client). */
export function matchesSearch(text: string, terms: readonly string[]): boolean {
  const words = searchTextOf(text).split(' ');
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/**
 * The parts of `text` to highlight for a query: for each word that begins with a term, the original
 * characters the term's letters came from (marks inside them included). Sorted, never overlapping.
 */
export function highlightRanges(text: string, terms: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const entry of foldedWords(text)) {
    let from = -1;
    let longest = 0;
    for (const start of wordStarts(entry.word))
      for (const term of terms)
        if (term.length > longest && entry.word.startsWith(term, start)) {
          from = start;
          longest = term.length;
        }
    if (from < 0) continue;
    let end = entry.ends[from + longest - 1]!;
    // Marks after the last matched letter belong to it (a shadda, a fatha): highlight them too.
    while (end < text.length && foldChar(String.fromCodePoint(text.codePointAt(end)!)) === '') {
      end += String.fromCodePoint(text.codePointAt(end)!).length;
    }
    ranges.push([entry.starts[from]!, end]);
  }
  return ranges;
}

/** `text` cut into plain and highlighted parts, in order. */
export function highlightParts(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [start, end] of highlightRanges(text, terms)) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
