import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { writeSnapshot } from '../db/client';
import { seed, seedRooms } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded PGlite dump test servers start from; unset on PostgreSQL runs. */
    pgliteSnapshot: string | undefined;
  }
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** What the dump's contents depend on: migrations, the database code, the seed rooms, PGlite. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const sources = [...filesUnder(path.join(root, 'drizzle')), ...filesUnder(path.join(root, 'src/server/db'))];
  for (const file of sources.filter((f) => !f.endsWith('.test.ts'))) hash.update(file).update(readFileSync(file));
  hash.update(JSON.stringify(seedRooms()));
  hash.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Vitest globalSetup: one migrated, seeded PGlite dump that every test server loads instead of
 * running initdb and every migration again (seconds per server). The dump is kept in
 * node_modules/.cache under a key of everything that shapes it, so later runs reuse it.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', undefined);
    return;
  }
  const dir = path.join(root, 'node_modules/.cache/majlis-test');
  const file = path.join(dir, `pglite-${snapshotKey()}.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside, then renamed: a run stopped halfway never leaves a broken dump behind.
    const partial = `${file}.${process.pid}.partial`;
    await writeSnapshot(partial, seed);
    renameSync(partial, file);
    // Dumps of earlier schemas are of no further use (each is tens of megabytes).
    for (const name of readdirSync(dir))
      if (name.startsWith('pglite-') && path.join(dir, name) !== file) rmSync(path.join(dir, name), { force: true });
  }
  project.provide('pgliteSnapshot', file);
}
