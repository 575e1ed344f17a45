// The emoji sets of the chat (spec §2 "Emoji page", §3 "Emoji").
// Shared by the browser and the server: no `node:` imports here.
// The images under /public/emojis are made by `npm run emojis` (scripts/make-emojis.ts),
// which reads the same lists in the same order: item n of a list is file n.

export type EmojiCategoryId = 'classic' | 'modern' | 'animated' | 'stickers';

export const EMOJI_CATEGORY_IDS: readonly EmojiCategoryId[] = ['classic', 'modern', 'animated', 'stickers'];

export interface Emoji {
  id: string;
  name: string;
  url: string;
  code: string;
  category: EmojiCategoryId;
}

export interface EmojiCategory {
  id: EmojiCategoryId;
  name: string;
  /** Url of a representative image. */
  icon: string;
  emojis: Emoji[];
}

/** classic: text smileys, as `code name` pairs (codes contain no spaces). */
const CLASSIC = [
  ':) ابتسامة',
  ':D ضحكة',
  ';) غمزة',
  ':( حزين',
  ":'( دمعة",
  ':P إخراج اللسان',
  ':O دهشة',
  ':* قبلة',
  ':| وجه محايد',
  'B) نظارة شمسية',
  '^_^ خجول',
  '<3 قلب أحمر',
];

/** modern: colon codes, as `slug name` pairs (the code is `:slug:`). */
const MODERN = [
  'laugh ضحك حتى البكاء',
  'love عيون القلوب',
  'think تفكير',
  'rose وردة',
  'coffee فنجان قهوة',
  'tea شاي',
  'moon هلال',
  'star نجمة لامعة',
  'fire نار',
  'clap تصفيق',
  'like إعجاب',
  'pray دعاء',
  'party احتفال',
];

/** animated: the name of `:c{n}:` is item n-1. */
const ANIMATED = [
  'ضحك حتى البكاء',
  'يتدحرج من الضحك',
  'عيون القلوب',
  'قبلة',
  'ابتسامة خجولة',
  'رائع',
  'تفكير',
  'دمعة',
  'بكاء شديد',
  'غضب',
  'صرخة خوف',
  'نعسان',
  'محتفل',
  'منبهر',
  'ملاك',
  'عناق',
  'لذيذ',
  'تدوير العينين',
  'غمزة',
  'محب',
  'قلب نابض',
  'قلب مكسور',
  'قلبان',
  'قلب لامع',
  'وردة',
  'باقة ورد',
  'فنجان قهوة',
  'شاي',
  'إبريق شاي',
  'نخلة',
  'هلال',
  'نجمة',
  'نجمة لامعة',
  'بريق',
  'شمس',
  'نار',
  'احتفال',
  'هدية',
  'بالون',
  'تاج',
  'إعجاب',
  'تصفيق',
  'دعاء',
  'قوة',
  'تلويح',
  'شكرا',
  'قطة',
  'زهرة',
  'مئة بالمئة',
  'كعكة عيد ميلاد',
];

/** stickers: the name of `:s{n}:` is item n-1. */
const STICKERS = [
  'وجه مبتسم',
  'ابتسامة عريضة',
  'ضحك حتى البكاء',
  'يتدحرج من الضحك',
  'خجول سعيد',
  'ملاك',
  'محب',
  'عيون القلوب',
  'منبهر',
  'قبلة',
  'لذيذ',
  'غمزة ولسان',
  'عناق',
  'ضحكة مكتومة',
  'تفكير',
  'فم مغلق',
  'تدوير العينين',
  'ابتسامة ماكرة',
  'مرتاح',
  'نائم',
  'كمامة',
  'محتفل',
  'رائع',
  'مجتهد',
  'محتار',
  'مندهش',
  'محرج',
  'رجاء',
  'دمعة',
  'بكاء شديد',
  'صرخة خوف',
  'منزعج',
  'غاضب',
  'شقي',
  'شكرا',
  'مئة بالمئة',
  'قطة مبتسمة',
  'قطة معجبة',
  'لا أرى',
  'لا أسمع',
  'لا أتكلم',
  'قلب أحمر',
  'قلب أخضر',
  'قلب أزرق',
  'قلب أصفر',
  'قلب بنفسجي',
  'وردة',
  'زهرة الكركديه',
  'فنجان قهوة',
  'شاي',
  'إبريق شاي',
  'هلال',
  'نجمة لامعة',
  'نار',
  'احتفال',
  'هدية',
  'تاج',
  'إعجاب',
  'تصفيق',
  'دعاء',
  'قوة',
  'تلويح',
];

/** `code name` → [code, name] (codes contain no spaces). */
const splitPair = (item: string): [code: string, name: string] => {
  const space = item.indexOf(' ');
  return [item.slice(0, space), item.slice(space + 1)];
};

function category(
  id: EmojiCategoryId,
  name: string,
  entries: [code: string, name: string][],
  file: (n: number) => string,
): EmojiCategory {
  const emojis = entries.map(([code, emojiName], i): Emoji => {
    const n = i + 1;
    return { id: `${id}-${n}`, name: emojiName, url: `/emojis/${id}/${file(n)}`, code, category: id };
  });
  return { id, name, icon: emojis[0]!.url, emojis };
}

export const EMOJI_CATEGORIES: EmojiCategory[] = [
  category('classic', 'كلاسيكية', CLASSIC.map(splitPair), (n) => `${n}.png`),
  category(
    'modern',
    'حديثة',
    MODERN.map(splitPair).map(([slug, name]) => [`:${slug}:`, name]),
    (n) => `${n}.png`,
  ),
  category(
    'animated',
    'متحركة',
    ANIMATED.map((name, i) => [`:c${i + 1}:`, name]),
    (n) => `c${n}.gif`,
  ),
  category(
    'stickers',
    'ملصقات',
    STICKERS.map((name, i) => [`:s${i + 1}:`, name]),
    (n) => `s${n}.png`,
  ),
];

/** The attribution that the licence of the images asks for (also in /emojis/LICENSE.txt). */
export const EMOJI_ATTRIBUTION = {
  text: 'رسوم الإيموجي من مشروع Twemoji (حقوق الرسوم © Twitter, Inc والمساهمون الآخرون)، مرخّصة بموجب رخصة المشاع الإبداعي نسب المصنَّف 4.0 (CC BY 4.0)، وقد عدّلناها: حوّلناها إلى صور PNG وصور GIF متحركة وملصقات.',
  licenseName: 'CC BY 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
  sourceName: 'Twemoji',
  sourceUrl: 'https://github.com/jdecked/twemoji',
};

const BY_CODE = new Map<string, Emoji>();
for (const c of EMOJI_CATEGORIES) for (const e of c.emojis) BY_CODE.set(e.code, e);

export function emojiByCode(code: string): Emoji | undefined {
  return BY_CODE.get(code);
}

/** Every emoji, in category order. */
export const ALL_EMOJIS: readonly Emoji[] = [...BY_CODE.values()];
