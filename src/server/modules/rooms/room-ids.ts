import { randomBytes } from 'node:crypto';
import { VIRTUAL_ROOM_IDS } from '../../../shared/entities/room';

const SLUG_MAX = 32;

/** The Latin letters and digits of a name, lower case, joined by '-' ('Café Talk 2' → 'cafe-talk-2'). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

const randomTail = () => randomBytes(3).toString('hex');

/**
 * Ids to try for a new room, in order: the name's slug, then the slug with a random tail. An
 * Arabic name has no slug: 'room-' and a random tail. Ids the interface reserves are never offered.
 */
export function* roomIdCandidates(name: string, tail: () => string = randomTail): Generator<string> {
  const slug = slugOf(name);
  if (slug && !(VIRTUAL_ROOM_IDS as readonly string[]).includes(slug)) yield slug;
  for (;;) yield `${slug || 'room'}-${tail()}`;
}
