import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS as T } from './texts';

describe('chat texts agree with gender and number', () => {
  it('join, leave and typing follow the person’s gender', () => {
    expect([T.joined('أنثى'), T.joined('ذكر'), T.joined(null)]).toEqual(['دخلت الغرفة', 'دخل الغرفة', 'دخل الغرفة']);
    expect([T.left('أنثى'), T.left(undefined)]).toEqual(['غادرت الغرفة', 'غادر الغرفة']);
    expect([T.typingOne('أنثى'), T.typingOne('ذكر')]).toEqual(['تكتب...', 'يكتب...']);
    expect([T.typingTwo(true), T.typingTwo(false)]).toEqual(['تكتبان...', 'يكتبان...']);
    expect([T.typingMany(3), T.typingMany(11)]).toEqual(['3 أشخاص يكتبون...', '11 شخصاً يكتبون...']);
  });

  it('the counter never goes negative: past the limit it says by how much', () => {
    expect(T.charsLeft(12)).toBe('المتبقي: 12 حرفاً');
    expect(T.charsLeft(2)).toBe('المتبقي: حرفان');
    expect(T.charsLeft(0)).toBe('بلغت الحد الأقصى للأحرف');
    expect(T.charsLeft(-12)).toBe('زائد 12 حرفاً');
    expect(T.charsLeft(-1)).toBe('زائد حرف واحد');
  });

  it('counts people online and new messages', () => {
    expect([T.onlineCount(1), T.onlineCount(2), T.onlineCount(5), T.onlineCount(0)]).toEqual([
      'متصل واحد',
      'متصلان',
      '5 متصلين',
      'لا أحد متصل',
    ]);
    expect(T.unread(3)).toBe('3 رسائل جديدة');
  });

  it('isolates names and links inside sentences', () => {
    expect(T.openCard(':D')).toBe('بطاقة \u2068:D\u2069');
    expect(T.linkTitle('https://x.org')).toContain('\u2068https://x.org\u2069');
  });
});
