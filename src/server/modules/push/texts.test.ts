import { describe, expect, it } from 'vitest';
import { previewOf, PUSH_TEXTS } from './texts';

describe('push texts', () => {
  it('name the sender, isolated, with verbs in their gender', () => {
    const ali = { username: 'علي', gender: 'ذكر' };
    const mona = { username: 'Mona', gender: 'أنثى' };
    expect(PUSH_TEXTS.message(mona)).toBe('رسالة خاصة جديدة من \u2068Mona\u2069');
    expect(PUSH_TEXTS.mention(ali)).toBe('\u2068علي\u2069 أشار إليك');
    expect(PUSH_TEXTS.mention(mona)).toBe('\u2068Mona\u2069 أشارت إليك');
    expect(PUSH_TEXTS.reply(mona)).toBe('\u2068Mona\u2069 ردّت على رسالتك');
    expect(PUSH_TEXTS.friendRequest(mona)).toBe('\u2068Mona\u2069 تريد أن تضيفك صديقاً');
  });

  it('preview one line of at most 80 characters; a picture by name', () => {
    expect(previewOf('  سطر\nثانٍ  ', 'text')).toBe('سطر ثانٍ');
    const long = 'ب'.repeat(200);
    expect([...previewOf(long, 'text')]).toHaveLength(80);
    expect(previewOf(long, 'text').endsWith('…')).toBe(true);
    expect(previewOf('/uploads/chat/x.webp', 'image')).toBe('صورة');
  });
});
