// How the server is bundled for `npm start` (scripts/build-server.mjs), and for the benchmarks,
// which measure the same code (bench/lib/server-code.ts).
export const SERVER_BUILD_OPTIONS = {
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  sourcemap: true,
  logLevel: 'warning',
};
