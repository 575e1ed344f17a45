import { describe, expect, it } from 'vitest';
import { confusableSkeleton, foldUsername, legacyUsernameKey, normalizeUsername, usernameKey } from './username-key';
import { isReservedUsername, RESERVED_WORDS } from './reserved-names';

describe('normalizeUsername', () => {
  it.each([
    ['NFKC: full-width Latin', 'Ｓａｍ', 'Sam'],
    ['NFKC: Arabic presentation forms', 'ﻋﻠﻲ', 'علي'],
    ['NFKC: lam-alef ligature', 'ﻻمي', 'لامي'],
    ['NFKC: odd spaces become one space', 'سارة\u2003\u00A0علي', 'سارة علي'],
    ['ARABIC LETTER MARK U+061C', 'tester\u061C', 'tester'],
    ['zero-width space and joiners U+200B–U+200D', '\u200Bعلي\u200C\u200D', 'علي'],
    ['LRM/RLM U+200E–U+200F', '\u200Fعلي\u200E', 'علي'],
    ['embeddings and overrides U+202A–U+202E', '\u202Eadmin\u202C', 'admin'],
    ['isolates U+2066–U+2069', '\u2067نور\u2069', 'نور'],
    ['BOM U+FEFF', '\uFEFFنور', 'نور'],
    ['combining grapheme joiner U+034F', 'نو\u034Fر', 'نور'],
    ['soft hyphen and word joiner', 'a\u00ADb\u2060c', 'abc'],
    ['variation selectors and Hangul filler', 'نور\uFE0F\u3164', 'نور'],
    ['Arabic number sign U+0600 (Cf)', '\u0600نور', 'نور'],
    ['trims and folds whitespace', '  أبو   علي ', 'أبو علي'],
    ['an invisible character between spaces leaves one space', 'أبو \u200B علي', 'أبو علي'],
  ])('%s', (_label, input, expected) => {
    expect(normalizeUsername(input)).toBe(expected);
  });

  it('composes a letter and its mark again once an invisible character between them is gone', () => {
    expect(normalizeUsername('ا\u200Dٓ')).toBe('آ');
  });
});

describe('foldUsername', () => {
  it.each([
    ['Latin case', 'KhaLid', 'khalid'],
    ['alef with hamza above', 'أحمد', 'احمد'],
    ['alef with hamza below', 'إسلام', 'اسلام'],
    ['alef with madda', 'آمنة', 'امنه'],
    ['alef wasla', 'ٱلنور', 'النور'],
    ['alef maqsura → yeh', 'ليلى', 'ليلي'],
    ['yeh with hamza → yeh', 'هائل', 'هايل'],
    ['waw with hamza → waw', 'رؤى', 'روي'],
    ['teh marbuta → heh', 'سارة', 'ساره'],
    ['harakat U+064B–U+065F', 'مُحَمَّدٌ', 'محمد'],
    ['superscript alef U+0670', 'رحمٰن', 'رحمن'],
    ['Quranic marks U+06D6–U+06ED', 'نور\u06D6\u06DA\u06E1\u06ED', 'نور'],
    ['tatweel U+0640', 'حـــسـن', 'حسن'],
    ['Persian yeh U+06CC', 'علی', 'علي'],
    ['Persian keheh U+06A9', 'کريم', 'كريم'],
    ['Urdu heh goal U+06C1 and teh marbuta goal U+06C3', 'ہالۃ', 'هاله'],
    ['Kurdish ae U+06D5 and heh doachashmee U+06BE', 'ھەنا', 'ههنا'],
    ['Arabic-Indic digits', 'نور ٠١٢٣٤٥٦٧٨٩', 'نور 0123456789'],
    ['Extended Arabic-Indic digits', 'نور ۰۱۲۳۴۵۶۷۸۹', 'نور 0123456789'],
    ['separators fold to one space', '__نور-_- الهدى__', 'نور الهدي'],
    ['invisible characters first', 'أح\u200Bمد\u061C', 'احمد'],
  ])('%s', (_label, input, expected) => {
    expect(foldUsername(input)).toBe(expected);
  });

  it('leaves letters that are different names apart', () => {
    expect(foldUsername('علاء')).not.toBe(foldUsername('علا'));
    expect(foldUsername('مسؤول')).not.toBe(foldUsername('مسول'));
  });

  it('closes a gap after a letter that does not join the next one, only when asked (the key)', () => {
    expect(foldUsername('عبد الله')).toBe('عبد الله');
    expect(foldUsername('عبد الله', { joinInvisibleGaps: true })).toBe('عبدالله');
    expect(foldUsername('مدرسة علي', { joinInvisibleGaps: true })).toBe('مدرسهعلي');
    expect(foldUsername('علي حسن', { joinInvisibleGaps: true })).toBe('علي حسن');
    expect(foldUsername('محمد ١٢', { joinInvisibleGaps: true })).toBe('محمد 12');
  });
});

describe('confusableSkeleton', () => {
  it.each([
    ['capital I (lower-cased to i) and small l', 'ail', 'all'],
    ['digit one', 'a1i', 'all'],
    ['Arabic alef, which the digit one also looks like', 'احمد', 'lحمد'],
    ['digit zero', '0mar', 'omar'],
    ['rn looks like m', 'rnona', 'mona'],
    ['vv looks like w', 'vvael', 'wael'],
  ])('%s', (_label, input, expected) => {
    expect(confusableSkeleton(input)).toBe(expected);
  });
});

describe('usernameKey', () => {
  it.each([
    ['tester', 'tester\u061C'],
    ['tester', 'TESTER'],
    ['احمد', 'أحمد'],
    ['احمد', 'إِحْمَد'],
    ['سارة', 'ساره'],
    ['ليلى', 'ليلي'],
    ['علي', 'علی'],
    ['كريم', 'کريم'],
    ['نور 12', 'نور ١٢'],
    ['نور 12', 'نور ۱۲'],
    ['نور الهدى', 'نور_الهدى'],
    ['نور الهدى', 'نور -- الهدى'],
    ['عبد الله', 'عبدالله'],
    ['Ali', 'AlI'],
    ['Ali', 'A1i'],
    ['Omar', '0mar'],
    ['Mona', 'Rnona'],
    ['احمد', '١حمد'],
    ['Sam', 'Ｓａｍ'],
  ])('%s and %s share a key', (a, b) => {
    expect(usernameKey(a)).toBe(usernameKey(b));
  });

  it.each([
    ['علي', 'علي حسن'],
    ['علاء', 'علا'],
    ['محمد', 'محمود'],
    ['sam 1', 'sam 2'],
    ['علي حسن', 'عليحسن'],
    ['Sam Ali', 'SamAli'],
  ])('%s and %s stay apart', (a, b) => {
    expect(usernameKey(a)).not.toBe(usernameKey(b));
  });

  it('is stable: the key of a key is itself', () => {
    for (const name of ['أحمد', 'Ali 10', 'عبد الله', 'نور_الهدى ١٢', 'Rnona']) {
      expect(usernameKey(usernameKey(name))).toBe(usernameKey(name));
    }
  });

  it('folds every version-1 key to the same key as the name (the backfill relies on it)', () => {
    for (const name of ['أحمد', 'Khalid', 'نور  الهدى', 'Sam_99 x-y']) {
      expect(usernameKey(legacyUsernameKey(name))).toBe(usernameKey(name));
    }
  });
});

describe('legacyUsernameKey', () => {
  it('is the version-1 key: trimmed, whitespace folded, lower-cased', () => {
    expect(legacyUsernameKey('  Khalid   Ali ')).toBe('khalid ali');
    expect(legacyUsernameKey('أحمد')).toBe('أحمد');
  });
});

describe('reserved names', () => {
  it.each([
    'Admin',
    'ADMIN',
    'adm1n',
    'Admin1',
    'SuperAdmin',
    'Administrator',
    'Moderator',
    'mod',
    'Mod Ali',
    'ModAli',
    'm0d',
    'Owner',
    'system',
    'Majlis',
    'Majlis Team',
    'a d m i n',
    'ادمن',
    'أدمن',
    'الادمن',
    'مجلس',
    'إدارة',
    'الإدارة',
    'الادارة',
    'الاداره',
    'إدارة الموقع',
    'الإداري',
    'مدير',
    'المدير',
    'مديرة',
    'مشرف',
    'المشرف',
    'المشرف_1',
    'المشرف ١',
    'مشرف علي',
    'علي المشرف',
    'مشرفة',
    'مُشْرِف',
    'مشـــرف',
    'مش رف',
    'النظام',
    'المالك',
    'المسؤول',
    'أونر',
  ])('%s', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['مالك', 'نظام', 'علي', 'Sam_99 x-y', 'Ahmad Mina', 'محمد يرى', 'Modern', 'مراقب'])('%s is free', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it('keeps every listed word reserved under its own spelling', () => {
    for (const word of [...RESERVED_WORDS.stems, ...RESERVED_WORDS.words])
      expect(isReservedUsername(word), word).toBe(true);
  });
});
