import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md opens with a map of every server module and every web feature: it must name
// each folder that exists, and only those.

const root = fileURLToPath(new URL('../../', import.meta.url));
const document = readFileSync(`${root}docs/architecture.md`, 'utf8');

/** The folders directly under `dir`, by name. */
const folders = (dir: string) =>
  readdirSync(`${root}${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The first column of the map's table that follows the line naming `folder`. */
function listed(folder: string): string[] {
  const map = document.slice(document.indexOf('<!-- map:start'), document.indexOf('<!-- map:end -->'));
  const table = map.slice(map.indexOf(`\`${folder}/<name>/\``)).split('\n\n')[1] ?? '';
  return [...table.matchAll(/^\| `([a-z0-9-]+)` /gm)].map((row) => row[1]!).sort();
}

describe('the map at the top of docs/architecture.md', () => {
  it('lists every server module, and only those', () => {
    expect(listed('src/server/modules')).toEqual(folders('src/server/modules'));
  });

  it('lists every web feature, and only those', () => {
    expect(listed('src/web/features')).toEqual(folders('src/web/features'));
  });
});
