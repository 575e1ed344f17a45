/**
 * What makes two names "the same name": the display form a name is stored in, and the folded key
 * that uniqueness, the online-name check and the reserved list compare. Two names with one key
 * look alike on screen, so only one person may hold them.
 */

/**
 * Bump whenever `usernameKey` changes: start-up then recomputes the keys already stored.
 * Version 1 was the name lower-cased with its whitespace folded.
 */
export const USERNAME_KEY_VERSION = 2;

/** Format characters (Cf) and other default-ignorables: invisible, so they would make look-alikes. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The display form: compatibility forms unified (presentation forms, full-width letters, ligatures),
 * invisible characters dropped, whitespace trimmed and folded to one space. Normalized twice because
 * dropping an invisible character can bring a letter and its mark together again.
 */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE, '').normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/**
 * Marks that decorate a letter without changing which name it is: every combining mark (harakat,
 * shadda, sukun, superscript alef, stray hamza and madda), the Quranic signs U+06D6–U+06ED,
 * tatweel and the high hamza U+0674.
 */
const DECORATION = /[\p{M}\u06D6-\u06ED\u0640\u0674]/gu;

/** Letters people write interchangeably, or that other Arabic-script languages draw alike. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  // Alef with hamza, madda or wasla → bare alef.
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  // Alef maqsura, yeh with hamza, Persian yeh and Pashto yeh → yeh.
  ى: 'ي',
  ئ: 'ي',
  ی: 'ي',
  ې: 'ي',
  // Waw with hamza → waw.
  ؤ: 'و',
  ٶ: 'و',
  // Teh marbuta and the Urdu, Kurdish and Persian heh forms → heh.
  ة: 'ه',
  ۃ: 'ه',
  ہ: 'ه',
  ۂ: 'ه',
  ە: 'ه',
  ھ: 'ه',
  ۀ: 'ه',
  // Persian keheh and swash kaf → kaf.
  ک: 'ك',
  ڪ: 'ك',
};
const LETTERS_TO_FOLD = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');

/** Arabic-Indic (U+0660–U+0669) and Extended Arabic-Indic (U+06F0–U+06F9) digits → ASCII digits. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/gu;

const SEPARATORS = /[\s_-]+/gu;

/**
 * Arabic letters that never join the letter after them (alef forms, hamza, dal, thal, reh, zain, waw,
 * teh marbuta and their variants). After one of them the next letter starts a new shape anyway, so a
 * space there is all but invisible: 'عبد الله' looks like 'عبدالله'.
 */
const NON_JOINING_BEFORE_ARABIC =
  /([\u0621-\u0625\u0627\u0629\u062F-\u0632\u0648\u0671-\u0673\u0675-\u0677\u0688-\u0699\u06C0\u06C3-\u06CB\u06CD\u06CF\u06D2\u06D3\u06D5\u06EE\u06EF])[\s_-]+(?=(?=\p{L})\p{Script=Arabic})/gu;

/**
 * The readable fold, without look-alike collapsing: lower case, no tashkeel or tatweel, alef/yeh/heh/
 * kaf variants unified, ASCII digits, separators (space, `_`, `-`) as one space. The reserved-word
 * check splits this into words.
 */
export function foldUsername(name: string, options: { joinInvisibleGaps?: boolean } = {}): string {
  let folded = normalizeUsername(name).toLowerCase().replace(DECORATION, '');
  // Before the letter folds: teh marbuta does not join but the heh it folds to does.
  if (options.joinInvisibleGaps) folded = folded.replace(NON_JOINING_BEFORE_ARABIC, '$1');
  return folded
    .replace(LETTERS_TO_FOLD, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(EASTERN_DIGITS, (digit) => {
      const code = digit.codePointAt(0)!;
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    })
    .replace(SEPARATORS, ' ')
    .trim();
}

/**
 * Look-alikes collapsed on an already folded string (so Latin is lower case and digits are ASCII):
 * 'rn' → 'm' and 'vv' → 'w'; a lone vertical stroke (i, which capital I lower-cases to, l, the digit
 * one and the Arabic alef) → 'l'; the digit zero → 'o'.
 */
export function confusableSkeleton(folded: string): string {
  return folded
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[il1ا]/gu, 'l')
    .replace(/0/g, 'o');
}

/** The key a name is compared by: folded, invisible gaps closed, look-alikes collapsed. */
export function usernameKey(name: string): string {
  return confusableSkeleton(foldUsername(name, { joinInvisibleGaps: true }));
}

/**
 * The version-1 key (lower case, whitespace folded). A member whose new key was already held by
 * another member keeps this one, and still logs in with it.
 */
export function legacyUsernameKey(name: string): string {
  return name.trim().replace(/\s+/gu, ' ').toLowerCase();
}
