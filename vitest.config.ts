import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Test files mostly wait on sockets and the database: use every core (Vitest leaves one idle).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        // Browser-side and shared units: each file in its own module graph (some mock modules).
        test: { name: 'unit', include: ['src/web/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          // Server files start real servers and mock nothing: sharing one module graph per worker
          // saves importing the whole server again for every file.
          isolate: false,
          // One migrated, seeded PGlite dump for every test server to start from.
          globalSetup: ['src/server/testing/global-setup.ts'],
        },
      },
    ],
  },
});
