// Bundles the server into dist/server/; npm packages stay external (installed by npm ci).
// Code splitting keeps the browser-only parts the page renderer could reach through lazy
// imports (the chat, toasts) in chunks that the server never loads.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outdir: 'dist/server',
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
});
console.log('server built: dist/server/main.js');
