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
});

describe('gender ring', () => {
  it('is pink for the Arabic word for female, blue otherwise', () => {
    expect(ringColor('أنثى')).toBe('pink');
    expect(ringColor('ذكر')).toBe('blue');
    expect(ringColor(null)).toBe('blue');
  });
});
