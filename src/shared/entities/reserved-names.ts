import { confusableSkeleton, foldUsername, normalizeUsername } from './username-key';

/**
 * Staff and site words, the one list of them. A name is reserved when one of its words is one of
 * these, compared by folded key, so spelling variants ('ادمن', 'أدمن', 'ADM1N') are caught too.
 */
export const RESERVED_WORDS = {
  /** Reserve any word that contains them: 'superadmin', 'المشرف', 'مديرة', 'الإدارةعلي'. */
  stems: ['admin', 'moderator', 'owner', 'system', 'majlis', 'مجلس', 'إدارة', 'إداري', 'مدير', 'مشرف', 'أدمن', 'أونر'],
  /** Reserve only the whole word: too short, or part of ordinary names ('مالك' and 'نظام' are given names). */
  words: [
    'mod',
    'mods',
    'staff',
    'support',
    'root',
    'sysop',
    'webmaster',
    'سيستم',
    'النظام',
    'المالك',
    'المالكة',
    'المسؤول',
    'الدعم',
  ],
} as const;

const keyOf = (word: string) => confusableSkeleton(foldUsername(word));
const STEM_KEYS = RESERVED_WORDS.stems.map(keyOf);
const WORD_KEYS = new Set<string>(RESERVED_WORDS.words.map(keyOf));

/** One word's key, and the same with its digits left out ('admin1', 'المشرف_2'). */
function variants(word: string): string[] {
  const withoutDigits = word.replace(/\d/g, '');
  return withoutDigits && withoutDigits !== word ? [keyOf(word), keyOf(withoutDigits)] : [keyOf(word)];
}

function isReservedWord(key: string): boolean {
  return WORD_KEYS.has(key) || STEM_KEYS.some((stem) => key.includes(stem));
}

/** Whether a name would pass for the staff or the site. */
export function isReservedUsername(name: string): boolean {
  // 'ModAli' reads as two words though it has no separator.
  const display = normalizeUsername(name).replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  const words = foldUsername(display).split(' ');
  if (words.some((word) => variants(word).some(isReservedWord))) return true;
  // Letters spread apart ('a d m i n', 'مش رف') spell the word whole; only exact matches here,
  // since two ordinary words run together can contain a stem by chance.
  return variants(words.join('')).some((key) => WORD_KEYS.has(key) || STEM_KEYS.includes(key));
}
