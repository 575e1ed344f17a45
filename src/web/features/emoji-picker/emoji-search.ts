import { EMOJI_CATEGORIES, type EmojiCategoryId } from '../../../shared/emoji/emojis';
import { UNICODE_GROUPS } from './unicode-emoji';

/** One thing the picker offers: a site emoji (an image and a code) or a Unicode character. */
export interface PickerItem {
  /** What is typed into the message: the code (`:s1:`) or the character itself. */
  insert: string;
  /** Arabic name, read out and shown as a tooltip. */
  name: string;
  /** The site set's image; absent for Unicode emoji. */
  image?: string;
  /** Where it sits in the picker. */
  group: EmojiCategoryId | 'unicode';
  /** Normalised name and keywords, for search. */
  search: string;
}

/**
 * Arabic as people type it: no short vowels or tatweel, one alef, taa marbuta and alef maqsura
 * read as haa and yaa, so "ابتسامه" finds "ابتسامة" and "إعجاب" finds "اعجاب".
 */
export function normalizeArabic(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every item, site sets first (in the emoji page's order), then the Unicode groups. */
export function allPickerItems(): PickerItem[] {
  const site = EMOJI_CATEGORIES.flatMap((category) =>
    category.emojis.map((emoji): PickerItem => ({
      insert: emoji.code,
      name: emoji.name,
      image: emoji.url,
      group: category.id,
      search: normalizeArabic(`${emoji.name} ${category.name} ${emoji.code}`),
    })),
  );
  const unicode = UNICODE_GROUPS.flatMap((group) =>
    group.lines.map((line): PickerItem => {
      const space = line.indexOf(' ');
      const words = line.slice(space + 1);
      return {
        insert: line.slice(0, space),
        name: words.split(' ').slice(0, 3).join(' '),
        group: 'unicode',
        search: normalizeArabic(`${words} ${group.name}`),
      };
    }),
  );
  return [...site, ...unicode];
}

/**
 * Items matching every word of the query (each as the start of a word), best first: a match at
 * the start of the name before one further in.
 */
export function searchEmoji(items: readonly PickerItem[], query: string): PickerItem[] {
  const words = normalizeArabic(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const scored: { item: PickerItem; score: number }[] = [];
  for (const item of items) {
    const haystack = ` ${item.search}`;
    let score = 0;
    let all = true;
    for (const word of words) {
      const at = haystack.indexOf(` ${word}`);
      if (at === -1) {
        all = false;
        break;
      }
      score += at;
    }
    if (all) scored.push({ item, score });
  }
  return scored.sort((a, b) => a.score - b.score).map((entry) => entry.item);
}
