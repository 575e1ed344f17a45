import { describe, expect, it } from 'vitest';
import { parseMessageText } from '../emoji/parse';
import { findLinks, linkBreakPieces, shortenLink } from './links';

const hrefs = (text: string) => findLinks(text).map((l) => l.href);

describe('findLinks', () => {
  it('finds http and https links with their place in the text', () => {
    expect(findLinks('زوروا https://example.com اليوم')).toEqual([{ start: 6, end: 25, href: 'https://example.com' }]);
    expect(hrefs('HTTP://Example.com/A?b=1#c و http://x.org')).toEqual(['HTTP://Example.com/A?b=1#c', 'http://x.org']);
  });

  it('leaves trailing punctuation, Latin and Arabic, to the sentence', () => {
    expect(hrefs('انظر https://example.com/page.')).toEqual(['https://example.com/page']);
    expect(hrefs('الرابط https://example.com، ثم')).toEqual(['https://example.com']);
    expect(hrefs('هل رأيت https://example.com/a?؟')).toEqual(['https://example.com/a']);
    expect(hrefs('(https://example.com/x), و')).toEqual(['https://example.com/x']);
    expect(hrefs('https://en.wikipedia.org/wiki/Mosul_(city)!')).toEqual([
      'https://en.wikipedia.org/wiki/Mosul_(city)',
    ]);
    expect(hrefs('«https://example.com»')).toEqual(['https://example.com']);
  });

  it('takes a link inside Arabic text without spaces eaten on either side', () => {
    const text = 'مرحبا:https://example.com/مسار\nسطر';
    expect(hrefs(text)).toEqual(['https://example.com/مسار']);
  });

  it('never links other schemes, bare hosts or a scheme glued to a word', () => {
    expect(hrefs('javascript:alert(1)')).toEqual([]);
    expect(hrefs('javascript://example.com/%0aalert(1)')).toEqual([]);
    expect(hrefs('data:text/html,x ftp://example.com example.com www.example.com')).toEqual([]);
    expect(hrefs('xhttps://example.com')).toEqual([]);
    expect(hrefs('https:// فقط http://. و https://')).toEqual([]);
    expect(hrefs('<a href="https://example.com">')).toEqual(['https://example.com']);
  });
});

describe('shortenLink', () => {
  it('shows a short link without its scheme, and cuts a long one with an ellipsis', () => {
    expect(shortenLink('https://www.example.com/')).toBe('example.com');
    expect(shortenLink('http://example.com/a')).toBe('example.com/a');
    const long = `https://example.com/${'a'.repeat(80)}`;
    const shown = shortenLink(long);
    expect([...shown]).toHaveLength(40);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('example.com/aaa')).toBe(true);
  });
});

describe('parseMessageText', () => {
  it('gives text, links and emoji parts in order', () => {
    const parts = parseMessageText('شاهد https://example.com/x :) رائع');
    expect(parts.map((p) => p.type)).toEqual(['text', 'link', 'text', 'emoji', 'text']);
    expect(parts[1]).toEqual({ type: 'link', href: 'https://example.com/x' });
  });

  it('keeps an emoji code inside an address as part of the link', () => {
    expect(parseMessageText('https://example.com/:s3:/x')).toEqual([
      { type: 'link', href: 'https://example.com/:s3:/x' },
    ]);
  });

  it('leaves a message without links as the emoji parser gives it', () => {
    expect(parseMessageText('')).toEqual([]);
    expect(parseMessageText('نص عادي')).toEqual([{ type: 'text', text: 'نص عادي' }]);
  });
});

describe('where a shown link may wrap', () => {
  it('after the separators of an address, never inside a word', () => {
    expect(linkBreakPieces('example.com/page/very-long_name?x=1&y=2#top')).toEqual([
      'example.',
      'com/',
      'page/',
      'very-',
      'long_',
      'name?',
      'x=',
      '1&',
      'y=',
      '2#',
      'top',
    ]);
    expect(linkBreakPieces('example.com/p…')).toEqual(['example.', 'com/', 'p…']);
    expect(linkBreakPieces('localhost')).toEqual(['localhost']);
    expect(linkBreakPieces('a//b')).toEqual(['a//', 'b']);
    expect(linkBreakPieces('مثال.com/صفحة').join('')).toBe('مثال.com/صفحة');
  });
});
