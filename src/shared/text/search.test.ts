import { describe, expect, it } from 'vitest';
import { highlightParts, isSearchable, matchesSearch, searchTerms, searchTextOf, toPrefixTsQuery } from './search';

describe('search folding', () => {
  it('folds alef and hamza forms, teh marbuta, alef maqsura, tashkeel and tatweel', () => {
    expect(searchTextOf('أحمد إحمد آحمد ٱحمد احمد')).toBe('احمد احمد احمد احمد احمد');
    expect(searchTextOf('مدرسة')).toBe(searchTextOf('مدرسه'));
    expect(searchTextOf('على')).toBe(searchTextOf('علي'));
    expect(searchTextOf('مَرْحَـــبًا')).toBe('مرحبا');
    expect(searchTextOf('مسؤول رئيس')).toBe('مسوول رييس');
  });

  it('folds Latin case and accents, Arabic-Indic digits, and splits on anything but letters and digits', () => {
    expect(searchTextOf('Café, HELLO!! ١٢٣ — ok😀yes')).toBe('cafe hello 123 ok yes');
    expect(searchTextOf('لا')).toBe(searchTextOf('ﻻ'));
  });

  it('makes terms: unique, prefixes of other terms dropped, at most six', () => {
    expect(searchTerms('  مرح  مرحبا أحمد ')).toEqual(['مرحبا', 'احمد']);
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
    expect(isSearchable(searchTerms('م'))).toBe(false);
    expect(isSearchable(searchTerms('؟!'))).toBe(false);
    expect(isSearchable(searchTerms('مر'))).toBe(true);
    expect(toPrefixTsQuery(['مرح', 'abc'])).toBe('مرح:* & abc:*');
  });

  it('matches word beginnings only', () => {
    expect(matchesSearch('مرحباً بكم', searchTerms('مرح'))).toBe(true);
    expect(matchesSearch('مرحباً بكم', searchTerms('حبا'))).toBe(false);
    expect(matchesSearch('مرحباً بكم', searchTerms('مرح بك'))).toBe(true);
    expect(matchesSearch('مرحباً بكم', searchTerms('مرح هلا'))).toBe(false);
  });

  it('lets a word with the article also begin after it', () => {
    expect(searchTextOf('بالمستشفى والبيت الله لك')).toBe('بالمستشفي مستشفي والبيت بيت الله له لك');
    expect(matchesSearch('ذهبت إلى المستشفى', searchTerms('مستشفى'))).toBe(true);
    expect(matchesSearch('ذهبت إلى المستشفى', searchTerms('تشفى'))).toBe(false);
    expect(highlightParts('إلى المُستشفى', searchTerms('مستش'))).toEqual([
      { text: 'إلى ال', match: false },
      { text: 'مُستش', match: true },
      { text: 'فى', match: false },
    ]);
  });

  it('highlights the original characters a folded match came from', () => {
    expect(highlightParts('قال أَحْـمَد مرحباً', searchTerms('احم'))).toEqual([
      { text: 'قال ', match: false },
      { text: 'أَحْـمَ', match: true },
      { text: 'د مرحباً', match: false },
    ]);
    expect(highlightParts('Hello WORLD', searchTerms('wor'))).toEqual([
      { text: 'Hello ', match: false },
      { text: 'WOR', match: true },
      { text: 'LD', match: false },
    ]);
  });
});
