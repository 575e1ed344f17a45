// The one parser of emoji codes in chat text, for the browser and the server alike.
//
// - Colon codes (`:laugh:`, `:c12:`, `:s7:`) match anywhere; an unknown `:foo:` stays text.
// - Text smileys (`:)`, `<3`, `^_^`, ...) match only as whole tokens: at the start or end of the text or
//   next to whitespace, so `10:30`, `http://x` and `a:)b` stay text.
// - One RegExp built once, longest codes first: a single left-to-right scan, linear in the text length.

import { findLinks } from '../text/links';
import { ALL_EMOJIS, emojiByCode, type Emoji } from './emojis';

export type MessagePart = { type: 'text'; text: string } | { type: 'emoji'; emoji: Emoji };

/** What a message shows: text, emoji images and http(s) links (nothing else becomes markup). */
export type MessageTextPart = MessagePart | { type: 'link'; href: string };

const COLON_CODE = /^:[a-z0-9_]+:$/;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function alternation(codes: string[]): string {
  return [...codes]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))
    .map(escapeRegExp)
    .join('|');
}

const CODES = ALL_EMOJIS.map((e) => e.code);
const COLON_CODES = CODES.filter((c) => COLON_CODE.test(c));
const SMILEYS = CODES.filter((c) => !COLON_CODE.test(c));

// `(?<!\S)` / `(?!\S)`: preceded / followed by whitespace or the edge of the text.
const EMOJI_RE = new RegExp(
  [
    COLON_CODES.length ? `(?:${alternation(COLON_CODES)})` : '',
    SMILEYS.length ? `(?<!\\S)(?:${alternation(SMILEYS)})(?!\\S)` : '',
  ]
    .filter(Boolean)
    .join('|') || '(?!)',
  'g',
);

/** Splits a message into text and emoji parts; adjacent text is one part; '' gives []. */
export function parseEmojiCodes(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  if (!text) return parts;
  const re = EMOJI_RE;
  re.lastIndex = 0;
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const emoji = emojiByCode(m[0]);
    if (!emoji) continue; // cannot happen: the pattern holds only known codes
    if (m.index > last) parts.push({ type: 'text', text: text.slice(last, m.index) });
    parts.push({ type: 'emoji', emoji });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A message's parts for display: links first (an emoji code inside an address stays part of it,
 * so `https://x.com/:s3:` is one link), then emoji codes in the text between them.
 */
export function parseMessageText(text: string): MessageTextPart[] {
  const parts: MessageTextPart[] = [];
  let last = 0;
  for (const link of findLinks(text)) {
    parts.push(...parseEmojiCodes(text.slice(last, link.start)));
    parts.push({ type: 'link', href: link.href });
    last = link.end;
  }
  parts.push(...parseEmojiCodes(text.slice(last)));
  return parts;
}
