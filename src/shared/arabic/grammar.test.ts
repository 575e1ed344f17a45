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

  it('counts cities and results in the same four forms', () => {
    expect([1, 2, 7, 11].map((n) => countOf(n, NOUNS.city))).toEqual(['مدينة واحدة', 'مدينتان', '7 مدن', '11 مدينة']);
    expect([1, 2, 4, 11].map((n) => countOf(n, NOUNS.result))).toEqual([
      'نتيجة واحدة',
      'نتيجتان',
      '4 نتائج',
      '11 نتيجة',
    ]);
  });

  it('puts the singular in the genitive after a round hundred, where it differs', () => {
    expect([11, 99, 100, 101, 102, 111, 200, 1000].map((n) => countOf(n, NOUNS.online))).toEqual([
      '11 متصلاً',
      '99 متصلاً',
      '100 متصل',
      '101 متصل',
      '102 متصل',
      '111 متصلاً',
      '200 متصل',
      '1000 متصل',
    ]);
    expect(countOf(5, NOUNS.online)).toBe('5 متصلين');
    expect(countOf(300, NOUNS.day)).toBe('300 يوم');
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

  it('puts the dual in the oblique case after a preposition, and only the dual', () => {
    expect(timeLeftText(2, 'oblique')).toBe('ثانيتين');
    expect(timeLeftText(61, 'oblique')).toBe('دقيقتين');
    expect(durationText(120, 'oblique')).toBe('ساعتين');
    expect(durationText(2880, 'oblique')).toBe('يومين');
    expect(durationText(1, 'oblique')).toBe('دقيقة واحدة');
    expect(durationText(5, 'oblique')).toBe('5 دقائق');
    expect(durationText(15, 'oblique')).toBe('15 دقيقة');
    expect(countOf(2, NOUNS.person, 'oblique')).toBe('شخصين');
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

describe('chat counts', () => {
  it('agree in number: people online, new messages, characters', () => {
    expect([1, 2, 3, 10, 11, 25, 100].map((n) => countOf(n, NOUNS.online))).toEqual([
      'متصل واحد',
      'متصلان',
      '3 متصلين',
      '10 متصلين',
      '11 متصلاً',
      '25 متصلاً',
      '100 متصل',
    ]);
    expect([1, 2, 4, 12].map((n) => countOf(n, NOUNS.newMessage))).toEqual([
      'رسالة جديدة',
      'رسالتان جديدتان',
      '4 رسائل جديدة',
      '12 رسالة جديدة',
    ]);
    expect(countOf(12, NOUNS.character)).toBe('12 حرفاً');
  });
});
