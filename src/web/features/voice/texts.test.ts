import { describe, expect, it } from 'vitest';
import { VOICE_TEXTS } from './texts';

describe('voice texts', () => {
  it('a raised hand agrees with who raised it, and the name keeps its own direction', () => {
    expect(VOICE_TEXTS.requested('هدى', 'أنثى')).toBe('\u2068هدى\u2069 تطلب المايك');
    expect(VOICE_TEXTS.requested('Sami :)', 'ذكر')).toBe('\u2068Sami :)\u2069 يطلب المايك');
    expect(VOICE_TEXTS.requested('ضيف', null)).toBe('\u2068ضيف\u2069 يطلب المايك');
  });
});
