import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One migrated, seeded PGlite dump per run for every test server to start from.
    globalSetup: ['src/server/testing/global-setup.ts'],
    fileParallelism: false,
  },
});
