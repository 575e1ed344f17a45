import { highlightParts, highlightRanges } from '../../../shared/text/search';

/** Characters of a long message shown before its first match in a result. */
const LEAD = 40;
/** Messages longer than this are cut to the part around their first match. */
const LONG = 140;

/** A long text from shortly before its first match (at a word's start), marked «…». */
export function excerpt(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/gu, ' ');
  if (flat.length <= LONG) return flat;
  const first = highlightRanges(flat, terms)[0]?.[0] ?? 0;
  if (first <= LEAD) return flat;
  const cut = flat.lastIndexOf(' ', first - LEAD);
  return `…${flat.slice(cut > 0 ? cut + 1 : first - LEAD)}`;
}

/**
 * A message's text with what the search matched marked (`<mark>`), whatever spelling the text
 * uses: the match is found on the folded text and marked on the original letters.
 */
export function Highlighted({
  text,
  terms,
  className,
}: {
  text: string;
  terms: readonly string[];
  className?: string;
}) {
  return (
    <bdi dir="auto" className={className}>
      {highlightParts(text, terms).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-[#fde68a] px-px text-[#1a1a1a]" data-match>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </bdi>
  );
}
