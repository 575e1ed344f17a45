import { describe, expect, it } from 'vitest';
import { ringColor, usernameKey, usernameSchema } from './user';

function codeOf(input: unknown): string | null {
  const result = usernameSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('usernames', () => {
  it('are trimmed with inner spaces folded', () => {
    expect(usernameSchema.parse('  أبو   علي ')).toBe('أبو علي');
    expect(usernameKey(' Sara ')).toBe(usernameKey('sara'));
  });

  it('accept 2 to 24 Arabic or Latin letters, digits, spaces, _ and -', () => {
    for (const ok of ['علي', 'Ali', 'ab', 'نور_الهدى-2', 'محمد ١٢٣', 'x'.repeat(24)]) expect(codeOf(ok), ok).toBeNull();
  });

  it('refuse each bad name with its own code', () => {
    expect(codeOf('')).toBe('USERNAME_REQUIRED');
    expect(codeOf(42)).toBe('USERNAME_REQUIRED');
    expect(codeOf('a')).toBe('USERNAME_TOO_SHORT');
    expect(codeOf('x'.repeat(25))).toBe('USERNAME_TOO_LONG');
    expect(codeOf('ali!')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('Ωmega')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('ADMIN')).toBe('USERNAME_RESERVED');
  });

  it('are checked after NFKC and with invisible characters removed', () => {
    expect(usernameSchema.parse('tester\u061C')).toBe('tester');
    expect(usernameSchema.parse('\u200Fنور\u200B الهدى\u202C')).toBe('نور الهدى');
    expect(usernameSchema.parse('ﻋﻠﻲ')).toBe('علي');
    expect(codeOf('\u202Eadmin')).toBe('USERNAME_RESERVED');
    expect(codeOf('ا\u200B')).toBe('USERNAME_TOO_SHORT');
    expect(codeOf('\u200B\u200C\uFEFF')).toBe('USERNAME_REQUIRED');
  });

  it('accept tashkeel and tatweel on Arabic letters', () => {
    for (const ok of ['مُحَمَّد', 'حـسـن', 'رحمٰن', 'شَدَّة']) expect(codeOf(ok), ok).toBeNull();
  });

  it('refuse names that would look empty: only tashkeel, tatweel or separators', () => {
    for (const empty of ['ـــ', 'َُ', '_-_', 'ـ ـ', '\u200B_']) expect(codeOf(empty), empty).toBe('USERNAME_REQUIRED');
    // One visible letter dressed up is still one letter.
    expect(codeOf('ـاَـ')).toBe('USERNAME_TOO_SHORT');
    expect(codeOf('a_')).toBe('USERNAME_TOO_SHORT');
  });

  it('refuse control characters, symbols and stray or piled-up marks', () => {
    expect(codeOf('ab\u0000')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('\u0000')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('نور\u0007')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('نور ۞')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('نور؟')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('\u064Eنور')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('نور \u064E')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('نو\u064E\u064E\u064E\u064Eر')).toBe('USERNAME_INVALID_CHARS');
    expect(codeOf('Ali\u0301')).toBe('USERNAME_INVALID_CHARS');
  });

  it('refuse staff and site words anywhere in the name', () => {
    for (const name of ['Admin', 'ادمن', 'أدمن', 'المشرف_1', 'مشرف علي', 'الإدارة ', 'الادارة\u200F', 'Mod Ali']) {
      expect(codeOf(name), name).toBe('USERNAME_RESERVED');
    }
  });
});

describe('gender ring', () => {
  it('is pink for the Arabic word for female, blue otherwise', () => {
    expect(ringColor('أنثى')).toBe('pink');
    expect(ringColor('ذكر')).toBe('blue');
    expect(ringColor(null)).toBe('blue');
  });
});
