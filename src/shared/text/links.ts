// Web links in chat text: only http and https, found by a pure scan so both sides agree on them
// (the browser makes them clickable; nothing else in a message becomes markup).

export interface FoundLink {
  /** Where the link starts and ends in the text (end exclusive). */
  start: number;
  end: number;
  /** The address as written, without trailing punctuation. */
  href: string;
}

// A link starts with http:// or https:// not glued to a preceding letter or digit ("xhttp://" is
// text) and runs to the next space or a character that cannot stand in an address.
const LINK_RE = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>"'`\u2066-\u2069\u200e\u200f]+/giu;

// Punctuation that ends a sentence rather than the address: Latin and Arabic (، ؛ ؟ …).
const TRAILING = /[.,;:!?\u060c\u061b\u061f\u2026*~'"»«]$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Strips what follows the address in the sentence: a final dot, a comma, an unmatched bracket. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (TRAILING.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    // "(see https://en.wikipedia.org/wiki/A_(b))": a closing bracket stays when it closes one inside.
    if (opener && count(url, opener) < count(url, last)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** Whether the address parses as http(s) with a host (so `http://` alone or `http://.` is text). */
function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && /[\p{L}\p{N}]/u.test(parsed.hostname);
  } catch {
    return false;
  }
}

/** Every http(s) link in the text, in order. */
export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  for (const match of text.matchAll(LINK_RE)) {
    const href = trimTrailing(match[0]);
    if (!isWebAddress(href)) continue;
    links.push({ start: match.index, end: match.index + href.length, href });
  }
  return links;
}

/** Longest link shown as written; longer ones are shortened on screen (the full one in its title). */
export const LINK_DISPLAY_MAX = 40;

/** "example.com/a/very/long/path/that/goes/o…": no scheme, cut with an ellipsis when long. */
export function shortenLink(href: string, max = LINK_DISPLAY_MAX): string {
  const bare = href.replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const shown = bare.endsWith('/') && bare.indexOf('/') === bare.length - 1 ? bare.slice(0, -1) : bare;
  const chars = [...shown];
  return chars.length <= max ? shown : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A shown link cut into the pieces a line may end after: each piece ends just after a `/`, `.`,
 * `?`, `&`, `=`, `#`, `-`, `_` or `~` (or is the rest), so a long address wraps at a sensible point
 * («example.com/» | «page»), never mid-word. The browser puts a <wbr> between pieces.
 */
export function linkBreakPieces(shown: string): string[] {
  return shown.match(/[^/.?&=#\-_~]*(?:[/.?&=#\-_~]+|$)/gu)?.filter((piece) => piece.length > 0) ?? [shown];
}
