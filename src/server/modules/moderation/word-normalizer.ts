/**
 * How the word filter reads text: split into words by Unicode letter classes (JS `\b` does not see
 * Arabic), and each word folded so that the usual disguises of a word read as the word itself.
 * Pure functions; the matcher (`word-matcher.ts`) compares what these return.
 */

/**
 * One word of a text, as written: where it is (UTF-16 offsets into the text) and what it reads as.
 * A written word usually reads as one word; a ligature such as U+FDFA reads as several.
 */
export interface TextToken {
  start: number;
  end: number;
  words: Word[];
}

/** A folded word and the spellings it may stand for (see `formsOf`). */
export interface Word {
  forms: WordForm[];
}

/**
 * One spelling of a word, with repeated letters collapsed (`key`) and how many times each letter
 * of the key was written (`runs`), so that "kaaalb" reads as "kalb" while "as" is not "ass".
 */
export interface WordForm {
  key: string;
  runs: number[];
}

/**
 * What may be part of a written word: letters, marks, digits, and invisible characters (a
 * zero-width space inside a word must not split it in two).
 */
const TOKEN = /[\p{L}\p{M}\p{Nd}\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu;

/**
 * Invisible characters: every format character (zero-width U+200B–U+200F, embeddings and overrides
 * U+202A–U+202E, U+2060–U+2069, U+FEFF, the soft hyphen U+00AD, the Arabic letter mark U+061C) and
 * the other default-ignorables (variation selectors, the combining grapheme joiner…).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Marks, after canonical decomposition: tashkeel (U+064B–U+065F), the superscript alef (U+0670),
 * the hamza and madda that decomposition takes off أ إ آ ؤ ئ, and Latin accents ("fück").
 */
const MARKS = /\p{M}/gu;
const TATWEEL = /\u0640/g;

/** Letters written interchangeably that decomposition does not unify. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ٱ: 'ا',
  ى: 'ي',
  ی: 'ي',
  ة: 'ه',
  ک: 'ك',
};
const FOLDABLE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');

/** Arabic-Indic (U+0660–U+0669) and Extended Arabic-Indic (U+06F0–U+06F9) digits. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/gu;

/** Arabizi: digits that stand for Arabic letters Latin has no letter for. */
const ARABIZI: Readonly<Record<string, string>> = { '2': 'ء', '3': 'ع', '5': 'خ', '7': 'ح' };

const SPLIT = /[^\p{L}\p{Nd}]+/u;
const LETTER = /\p{L}/u;
const DIGIT_RUNS = /\d+/g;
const EDGE_DIGITS = /^\d+|\d+$/g;

/**
 * Everything but word boundaries and digits: compatibility forms unified (NFKC), invisible
 * characters dropped, lower case, marks and tatweel dropped, alef, yeh and heh forms unified,
 * Eastern digits made ASCII. The result may hold several words (a ligature, or letters around a
 * character NFKC turns into a space).
 */
export function foldText(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(TATWEEL, '')
    .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(EASTERN_DIGITS, (digit) => {
      const code = digit.codePointAt(0)!;
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .normalize('NFC');
}

/** Repeated letters collapsed, with the length of each run. Digits are not letters: 11 is not 1. */
export function collapse(word: string): WordForm {
  const chars: string[] = [];
  const runs: number[] = [];
  let last = '';
  // Whether `last` is a letter: asked once per run, not once per repeated character.
  let lastIsLetter: boolean | undefined;
  for (const char of word) {
    if (char === last && (lastIsLetter ??= LETTER.test(char))) runs[runs.length - 1]! += 1;
    else {
      chars.push(char);
      runs.push(1);
      if (char !== last) lastIsLetter = undefined;
      last = char;
    }
  }
  return { key: chars.join(''), runs };
}

/**
 * A single digit inside or at the edge of a word is an Arabizi letter ("3ars", "sa7bi"); a longer
 * run is a number. A standalone number is not a word at all, and is never matched.
 */
function arabizi(word: string): string {
  return word.replace(DIGIT_RUNS, (run) => (run.length === 1 ? (ARABIZI[run] ?? run) : run));
}

/**
 * The spellings one folded word may stand for: as written (Arabizi digits read as letters), and,
 * when digits stand at its edges, without them ("kalb123" or "99kalb" is "kalb" with a number
 * added). Empty for a word without letters.
 */
export function formsOf(folded: string): WordForm[] {
  if (!LETTER.test(folded)) return [];
  const forms = [collapse(arabizi(folded))];
  const bare = folded.replace(EDGE_DIGITS, '');
  if (bare !== folded && LETTER.test(bare)) {
    const form = collapse(arabizi(bare));
    if (form.key !== forms[0]!.key) forms.push(form);
  }
  return forms;
}

/** The words of a text, in order, each with where it was written. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const words = foldText(match[0])
      .split(SPLIT)
      .map((part) => ({ forms: formsOf(part) }))
      .filter((word) => word.forms.length > 0);
    if (words.length > 0) tokens.push({ start: match.index, end: match.index + match[0].length, words });
  }
  return tokens;
}

/**
 * A list entry as the matcher compares it: its words, each in the one spelling the staff gave
 * (Arabizi digits read as letters, a number kept). Empty when the entry has no word in it.
 */
export function entryWords(entry: string): WordForm[] {
  return tokenize(entry).flatMap((token) => token.words.map((word) => word.forms[0]!));
}

/** The form list entries are told apart by: "كلب", "كــلب" and "KALB" are one entry each. */
export function entryKey(entry: string): string {
  return entryWords(entry)
    .map((word) => word.key)
    .join(' ');
}

/**
 * A message as the repeat rule compares it: folded, repeated characters collapsed, punctuation and
 * spacing ignored, numbers kept. So "hello", "HELLO!" and "hellooo" are one message, "room 1" and
 * "room 2" are two. A message with neither letters nor digits compares by its trimmed text.
 */
export function messageFingerprint(text: string): string {
  const parts = foldText(text)
    .split(SPLIT)
    .filter(Boolean)
    .map((part) => collapse(part).key);
  return parts.length > 0 ? parts.join(' ') : text.trim();
}

/** Characters of a written word that show as one place on screen (marks and invisibles do not). */
export function visibleLength(written: string): number {
  let count = 0;
  for (const char of written) if (!/[\p{M}\p{Cf}\p{Default_Ignorable_Code_Point}]/u.test(char)) count++;
  return count;
}
