import { describe, expect, it } from 'vitest';
import { ALL_EMOJIS, emojiByCode } from './emojis';
import { parseEmojiCodes, type MessagePart } from './parse';

/** A compact view: text as is, emojis as [code]. */
const view = (parts: MessagePart[]): string[] => parts.map((p) => (p.type === 'text' ? p.text : `[${p.emoji.code}]`));
const parse = (text: string): string[] => view(parseEmojiCodes(text));

describe('parseEmojiCodes', () => {
  it('gives [] for empty input', () => {
    expect(parseEmojiCodes('')).toEqual([]);
  });

  it('keeps text without codes as one text part', () => {
    expect(parseEmojiCodes('مرحبا بالجميع')).toEqual([{ type: 'text', text: 'مرحبا بالجميع' }]);
  });

  it('returns the emoji objects', () => {
    expect(parseEmojiCodes(':laugh:')).toEqual([{ type: 'emoji', emoji: emojiByCode(':laugh:') }]);
  });

  it('finds colon codes anywhere', () => {
    expect(parse('هههه:laugh:')).toEqual(['هههه', '[:laugh:]']);
    expect(parse('a:c12:b')).toEqual(['a', '[:c12:]', 'b']);
    expect(parse(':s7::s7:')).toEqual(['[:s7:]', '[:s7:]']);
    expect(parse('صباح الخير :coffee: :rose:')).toEqual(['صباح الخير ', '[:coffee:]', ' ', '[:rose:]']);
  });

  it('leaves unknown colon codes as text', () => {
    expect(parse(':foo:')).toEqual([':foo:']);
    expect(parse(':c51: :c0: :s63: :s07:')).toEqual([':c51: :c0: :s63: :s07:']);
    expect(parse(':LAUGH:')).toEqual([':LAUGH:']);
    expect(parse(':foo:laugh:')).toEqual([':foo', '[:laugh:]']);
  });

  it('matches the longest colon code', () => {
    expect(parse(':c1::c10::c50:')).toEqual(['[:c1:]', '[:c10:]', '[:c50:]']);
  });

  it('matches text smileys as whole tokens', () => {
    expect(parse(':)')).toEqual(['[:)]']);
    expect(parse('هلا :)')).toEqual(['هلا ', '[:)]']);
    expect(parse(':) :)')).toEqual(['[:)]', ' ', '[:)]']);
    expect(parse(':(\nتمام <3')).toEqual(['[:(]', '\nتمام ', '[<3]']);
    expect(parse("B) ^_^ :'( :P :D")).toEqual(['[B)]', ' ', '[^_^]', ' ', "[:'(]", ' ', '[:P]', ' ', '[:D]']);
  });

  it('leaves smileys inside words, times and links as text', () => {
    for (const text of ['10:30', 'http://x', 'a:)b', ':(:', ':):)', 'هلا:)', ':)هلا', 'ABC) ok', 'x<3', '(:D)']) {
      expect(parse(text), text).toEqual([text]);
    }
  });

  it('merges adjacent text into one part', () => {
    const parts = parseEmojiCodes('a :foo: b 10:30 :) c');
    expect(view(parts)).toEqual(['a :foo: b 10:30 ', '[:)]', ' c']);
    for (let i = 1; i < parts.length; i++) {
      expect(parts[i - 1]!.type === 'text' && parts[i]!.type === 'text').toBe(false);
    }
  });

  it('parses every code of every set', () => {
    for (const e of ALL_EMOJIS) {
      expect(parseEmojiCodes(`x ${e.code} y`)).toEqual([
        { type: 'text', text: 'x ' },
        { type: 'emoji', emoji: e },
        { type: 'text', text: ' y' },
      ]);
    }
  });

  it('keeps all the text: joining the parts gives the input back', () => {
    const text = 'هلا :) بالشباب :rose::c3: 10:30 http://a.b/c :( <3<3 :s62: :c51:';
    const joined = parseEmojiCodes(text)
      .map((p) => (p.type === 'text' ? p.text : p.emoji.code))
      .join('');
    expect(joined).toBe(text);
  });

  it('is fast on pathological input', () => {
    const inputs = [
      ':'.repeat(1000),
      ':c'.repeat(500),
      ':c1'.repeat(333),
      ':s6'.repeat(333),
      ': '.repeat(500),
      ':)'.repeat(500),
      ':) '.repeat(333),
      'a:'.repeat(500),
      ':laug'.repeat(200),
      ':'.repeat(100_000),
    ];
    const start = performance.now();
    for (let round = 0; round < 20; round++) for (const text of inputs) parseEmojiCodes(text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(parse(':'.repeat(1000))).toEqual([':'.repeat(1000)]);
    expect(parseEmojiCodes(':) '.repeat(333))).toHaveLength(666);
  });
});
