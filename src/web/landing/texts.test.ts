import { describe, expect, it } from 'vitest';
import { EMOJI_PICKER_TEXTS } from '../features/emoji-picker/texts';
import { LANDING_TEXTS as T } from './texts';

describe('counted phrases on the landing pages and in the emoji picker', () => {
  it('count regions and cities with the shared helper (1, 2, 3–10, 11+)', () => {
    expect([1, 2, 9, 11].map(T.regionsCount)).toEqual(['منطقة واحدة', 'منطقتان', '9 مناطق', '11 منطقة']);
    expect([1, 2, 7, 12].map(T.cityCount)).toEqual(['مدينة واحدة', 'مدينتان', '7 مدن', '12 مدينة']);
  });

  it('count down the seconds before leaving an unknown page, after "خلال"', () => {
    expect([5, 3, 2, 1].map(T.notFound.redirecting)).toEqual([
      'سيتم نقلك إلى الصفحة الرئيسية خلال 5 ثوانٍ',
      'سيتم نقلك إلى الصفحة الرئيسية خلال 3 ثوانٍ',
      'سيتم نقلك إلى الصفحة الرئيسية خلال ثانيتين',
      'سيتم نقلك إلى الصفحة الرئيسية خلال ثانية واحدة',
    ]);
    expect(T.notFound.redirecting(0)).toBe('سيتم نقلك إلى الصفحة الرئيسية الآن');
  });

  it('count search results in the emoji picker', () => {
    expect([1, 2, 4, 11].map(EMOJI_PICKER_TEXTS.results)).toEqual(['نتيجة واحدة', 'نتيجتان', '4 نتائج', '11 نتيجة']);
  });
});
