import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeSnapshot } from '../db/client';
import { seed } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded PGlite dump test servers start from; unset on PostgreSQL runs. */
    pgliteSnapshot: string | undefined;
  }
}

/**
 * Vitest globalSetup: migrates and seeds one in-memory PGlite per run and dumps it, so each test
 * server loads that dump instead of running initdb and every migration again (seconds per file).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', undefined);
    return () => {};
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'majlis-pglite-'));
  const file = path.join(dir, 'snapshot.tar');
  await writeSnapshot(file, seed);
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
