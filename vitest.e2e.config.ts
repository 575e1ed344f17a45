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
    // On CI, a browser test that fails is tried once more (its pages are reported first, see
    // e2e/browser.ts): a loaded machine must not sink a run, and a flake still shows in the log.
    retry: process.env.CI ? 1 : 0,
  },
});
