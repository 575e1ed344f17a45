import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One migrated, seeded PGlite dump per run for every test server to start from.
    globalSetup: ['src/server/testing/global-setup.ts'],
  },
});
