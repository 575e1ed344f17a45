import { describe, expect, it } from 'vitest';
import { charCount, longerThan } from './length';

describe('text length as people count it', () => {
  it('counts an emoji or a letter outside the basic plane as one character', () => {
    expect(charCount('مرحبا 😀')).toBe(7);
    expect(charCount('𝕏𝕏')).toBe(2);
  });

  it('is longer than a limit only past it, in characters, not UTF-16 units', () => {
    expect(longerThan('أهلا', 4)).toBe(false);
    expect(longerThan('أهلاً', 4)).toBe(true);
    // Three emoji are six UTF-16 units but three characters.
    expect(longerThan('😀😀😀', 3)).toBe(false);
    expect(longerThan('😀😀😀😀', 3)).toBe(true);
    expect(longerThan('', 0)).toBe(false);
  });
});
