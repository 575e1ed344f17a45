import { describe, expect, it } from 'vitest';
import { byGender, countOf, durationText, NOUNS, timeLeftText } from './grammar';

describe('number agreement', () => {
  it.each([
    [0, '0 منطقة'],
    [1, 'منطقة واحدة'],
    [2, 'منطقتان'],
    [3, '3 مناطق'],
    [9, '9 مناطق'],
    [10, '10 مناطق'],
    [11, '11 منطقة'],
    [99, '99 منطقة'],
    [100, '100 منطقة'],
    [103, '103 مناطق'],
    [111, '111 منطقة'],
  ])('%i → %s', (n, text) => {
    expect(countOf(n, NOUNS.region)).toBe(text);
  });

  it('counts seconds and minutes as people say them', () => {
    expect([1, 2, 3, 11].map((n) => countOf(n, NOUNS.second))).toEqual([
      'ثانية واحدة',
      'ثانيتان',
      '3 ثوانٍ',
      '11 ثانية',
    ]);
    expect(durationText(15)).toBe('15 دقيقة');
    expect(durationText(5)).toBe('5 دقائق');
    expect(durationText(60)).toBe('ساعة واحدة');
    expect(durationText(120)).toBe('ساعتان');
    expect(durationText(1440)).toBe('يوم واحد');
    expect(durationText(4320)).toBe('3 أيام');
    expect(durationText(43200)).toBe('30 يوماً');
    expect(durationText(90)).toBe('90 دقيقة');
  });

  it('says what is left of a wait', () => {
    expect(timeLeftText(0.2)).toBe('ثانية واحدة');
    expect(timeLeftText(45)).toBe('45 ثانية');
    expect(timeLeftText(61)).toBe('دقيقتان');
    expect(timeLeftText(900)).toBe('15 دقيقة');
  });
});

describe('gender agreement', () => {
  it('follows the subject', () => {
    const entered = { male: 'دخل', female: 'دخلت' };
    expect(byGender('أنثى', entered)).toBe('دخلت');
    expect(byGender('ذكر', entered)).toBe('دخل');
    expect(byGender(null, entered)).toBe('دخل');
  });
});
