import { describe, expect, it } from 'vitest';
import type { FilteredWord } from '../../../shared/entities/moderation';
import { compileWordList, maskMatches } from './word-matcher';
import { entryKey, foldText, messageFingerprint, tokenize } from './word-normalizer';

const list = (...words: string[]): FilteredWord[] => words.map((word) => ({ word, action: 'block' as const }));

/** The entries found in `text`. */
function found(entries: FilteredWord[], text: string): string[] {
  return compileWordList(entries)
    .scan(text)
    .matches.map((m) => m.entry.word);
}

function masked(entries: string[], text: string): string {
  const { tokens, matches } = compileWordList(list(...entries)).scan(text);
  return maskMatches(text, tokens, matches);
}

describe('the normaliser', () => {
  it('folds compatibility forms, case, marks, tatweel, alef/yeh/heh forms and Eastern digits', () => {
    expect(foldText('ﻛﻠﺐ')).toBe('كلب'); // presentation forms
    expect(foldText('ＦＯＯＬ')).toBe('fool');
    expect(foldText('كَلْبٌ')).toBe('كلب');
    expect(foldText('كــــلب')).toBe('كلب');
    expect(['أحمق', 'إحمق', 'آحمق', 'ٱحمق'].map(foldText)).toEqual(['احمق', 'احمق', 'احمق', 'احمق']);
    expect(foldText('حقيرة')).toBe('حقيره');
    expect(foldText('غبى')).toBe('غبي');
    expect(foldText('قُرْآن')).toBe('قران');
    expect(foldText('٣٧')).toBe('37');
    expect(foldText('fück')).toBe('fuck');
  });

  it('drops every invisible character, and a word with one inside stays one word', () => {
    const invisibles = ['\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202E', '\u2060', '\u2066'];
    for (const mark of [...invisibles, '\u2069', '\uFEFF', '\u00AD', '\u061C']) {
      const tokens = tokenize(`ك${mark}ل${mark}ب`);
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.words[0]!.forms[0]!.key).toBe('كلب');
    }
  });

  it('splits words by Unicode letter classes, not by \\b', () => {
    expect(tokenize('مرحبا،يا صديقي! hello-world 2024').map((t) => t.words.map((w) => w.forms[0]!.key))).toEqual([
      ['مرحبا'],
      ['يا'],
      ['صديقي'],
      ['helo'],
      ['world'],
    ]);
  });

  it('reads a lone digit touching letters as Arabizi, a longer number as a number, and a number alone as nothing', () => {
    expect(tokenize('3ars sa7bi 5ara 2ana')[0]!.words[0]!.forms[0]!.key).toBe('عars');
    expect(tokenize('sa7bi')[0]!.words[0]!.forms[0]!.key).toBe('saحbi');
    expect(tokenize('7مار')[0]!.words[0]!.forms[0]!.key).toBe('حمار');
    expect(tokenize('fool123')[0]!.words[0]!.forms.map((f) => f.key)).toEqual(['fol123', 'fol']);
    expect(tokenize('123 ٤٥٦ 7')).toEqual([]);
  });

  it('collapses repeated letters for entries and texts alike, and tells entries apart by that form', () => {
    expect(entryKey('كلببب')).toBe(entryKey('كلب'));
    expect(entryKey('KALB')).toBe(entryKey('kaaalb'));
    expect(entryKey('ابن  كَلْب')).toBe('ابن كلب');
    expect(entryKey('123')).toBe('');
    expect(entryKey('room11x')).not.toBe(entryKey('room1x'));
    expect(entryKey('\u200B\u200B')).toBe('');
  });

  it('fingerprints a message by its words and numbers, so case, marks and stretching do not make it new', () => {
    expect(messageFingerprint('Hello!! كَلْب')).toBe(messageFingerprint('hellooo   كلب'));
    expect(messageFingerprint('مرحبا')).not.toBe(messageFingerprint('مرحبا بك'));
    expect(messageFingerprint('رسالة 1')).not.toBe(messageFingerprint('رسالة 2'));
    expect(messageFingerprint('رسالة 1')).not.toBe(messageFingerprint('رسالة 11'));
    expect(messageFingerprint(' :) ')).toBe(':)');
  });
});

describe('the matcher catches a listed word however it is disguised', () => {
  const entries = list('كلب', 'أحمق', 'حقيرة', 'غبي', 'fool', '3ars', 'حمار');
  const cases: [string, string][] = [
    ['أنت كلب', 'كلب'],
    ['أنت كَلْبٌ', 'كلب'], // tashkeel
    ['أنت كــــلب', 'كلب'], // tatweel
    ['يا كلببببب', 'كلب'], // repeated letters
    ['يا ككككلب', 'كلب'],
    ['ك\u200Bل\u200Cب', 'كلب'], // zero-width characters
    ['\u202Eكلب\u202C', 'كلب'], // direction override
    ['كل\u00ADب', 'كلب'], // soft hyphen
    ['ك\u061Cلب', 'كلب'], // Arabic letter mark
    ['ك\uFEFFلب', 'كلب'], // BOM
    ['ﻛﻠﺐ', 'كلب'], // presentation forms
    ['انت احمق', 'أحمق'], // alef forms, either way
    ['انت إحمق', 'أحمق'],
    ['انت آحمق', 'أحمق'],
    ['انت ٱحمق', 'أحمق'],
    ['يا حقيره', 'حقيرة'], // ة/ه
    ['يا غبى', 'غبي'], // ى/ي
    ['you FOOL', 'fool'], // Latin case
    ['you FoOoOL!', 'fool'],
    ['ｆｏｏｌ', 'fool'], // full-width
    ['fool123', 'fool'], // a number stuck to it
    ['99fool', 'fool'],
    ['ya 3ars', '3ars'], // Arabizi
    ['ya 3AAARS', '3ars'],
    ['ya ٣ars', '3ars'], // Eastern digit
    ['يا 7مار', 'حمار'], // Arabizi digit inside an Arabic word
  ];
  it.each(cases)('%s', (text, word) => {
    expect(found(entries, text)).toEqual([word]);
  });
});

describe('the issue 8 list of disguises, mark by mark', () => {
  const marks = [...Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => 0x064b + i), 0x0670];

  it('drops every tashkeel mark U+064B–U+065F and the superscript alef U+0670, after any letter', () => {
    expect(marks).toHaveLength(22);
    for (const code of marks) {
      const mark = String.fromCodePoint(code);
      expect(found(list('كلب'), `يا ك${mark}ل${mark}ب${mark}`), code.toString(16)).toEqual(['كلب']);
    }
  });

  it('reads each Arabizi digit 2 3 5 7 as its letter (ء ع خ ح), and only as a letter', () => {
    const entries = list('ءحمق', 'عرس', 'خرا', 'حمار');
    expect(found(entries, 'انت 2حمق')).toEqual(['ءحمق']);
    expect(found(entries, 'يا 3رس')).toEqual(['عرس']);
    expect(found(entries, 'كلام 5را')).toEqual(['خرا']);
    expect(found(entries, 'يا 7مار')).toEqual(['حمار']);
    // Other digits stand for nothing.
    expect(found(entries, 'يا 4مار 8رس')).toEqual([]);
  });

  it('joins a word cut by each invisible character the issue names, and a tatweel anywhere in it', () => {
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']) {
      expect(found(list('حمار'), `يا ح${invisible}ما${invisible}ر`)).toEqual(['حمار']);
    }
    expect(found(list('حمار'), 'يا حـمـــار')).toEqual(['حمار']);
    expect(found(list('حمار'), 'يا حمــــــار')).toEqual(['حمار']);
  });
});

describe('the matcher leaves innocent words alone', () => {
  it('never matches inside a longer word, Arabic or Latin', () => {
    // زب is vulgar; butter, customer and raisins are not.
    expect(found(list('زب'), 'أريد زبدة وزبيب، والزبون دائماً على حق')).toEqual([]);
    expect(found(list('ass', 'hell'), 'The class assistant said hello from the shell; pass it on')).toEqual([]);
    expect(found(list('كلب'), 'الكلاب كلبي بكلبه')).toEqual([]);
  });

  it('does not read a shorter word into a listed word with a double letter', () => {
    expect(found(list('ass'), 'as good as it gets')).toEqual([]);
    expect(found(list('ass'), 'what an asss')).toEqual(['ass']);
  });

  it('does not take a standalone number for an Arabizi word', () => {
    expect(found(list('3ars'), 'عندي 3 أرس')).toEqual([]);
    expect(found(list('حمار'), 'سعره 7 دنانير')).toEqual([]);
  });
});

describe('multi-word entries', () => {
  it('match the words in order, whatever separates them, and not out of order', () => {
    const entries = list('ابن كلب');
    expect(found(entries, 'يا ابن كَلْب')).toEqual(['ابن كلب']);
    expect(found(entries, 'يا ابن_كلب!')).toEqual(['ابن كلب']);
    expect(found(entries, 'يا ابن  \u200B كلب')).toEqual(['ابن كلب']);
    expect(found(entries, 'كلب ابن')).toEqual([]);
    expect(found(entries, 'ابن عمي عنده كلب')).toEqual([]);
  });

  it('report every entry found, overlapping ones too', () => {
    const entries: FilteredWord[] = [
      { word: 'ابن كلب', action: 'flag' },
      { word: 'كلب', action: 'block' },
    ];
    expect(found(entries, 'يا ابن كلب').sort()).toEqual(['ابن كلب', 'كلب']);
  });
});

describe('masking', () => {
  it('replaces each matched word with one asterisk per visible character and keeps the rest', () => {
    expect(masked(['كلب'], 'أنت كَلْبٌ!')).toBe('أنت ***!');
    expect(masked(['كلب'], 'أنت كــلب')).toBe('أنت *****');
    expect(masked(['كلب'], 'ك\u200Bلب و كلب')).toBe('*** و ***');
    expect(masked(['fool'], 'You FOOOL, fool.')).toBe('You *****, ****.');
    expect(masked(['ابن كلب'], 'يا ابن - كلب يا')).toBe('يا *** - *** يا');
    expect(masked(['كلب'], 'لا شيء هنا')).toBe('لا شيء هنا');
  });

  it('counts characters outside the BMP once', () => {
    expect(masked(['𝐟𝐨𝐨𝐥'], 'you 𝐟𝐨𝐨𝐥')).toBe('you ****');
  });
});

describe('a long list', () => {
  it('looks each word up once: 2000 entries scan a 1000-character message about as fast as 20', () => {
    const listOf = (size: number) =>
      compileWordList(Array.from({ length: size }, (_, i) => ({ word: `word${i}x`, action: 'mask' as const })));
    const text = 'كلمة عادية جداً و word19x '.repeat(40).slice(0, 1000);
    // The best of several batches: a busy machine slows some batches, never all of them.
    const bestScanMs = (matcher: ReturnType<typeof compileWordList>) => {
      let best = Infinity;
      for (let batch = 0; batch < 5; batch++) {
        const started = performance.now();
        for (let i = 0; i < 20; i++) matcher.scan(text);
        best = Math.min(best, (performance.now() - started) / 20);
      }
      return best;
    };
    const small = listOf(20);
    const large = listOf(2000);
    expect(large.scan(text).matches.length).toBeGreaterThan(0);
    bestScanMs(small); // warm up the compiler on both paths
    bestScanMs(large);
    // A matcher that tried every entry against the text would be about 100 times slower.
    expect(bestScanMs(large) / bestScanMs(small)).toBeLessThan(4);
  });
});
