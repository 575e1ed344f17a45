// Bundles the server into dist/server/; npm packages stay external (installed by npm ci).
// Code splitting keeps the browser-only parts the page renderer could reach through lazy
// imports (the chat, toasts) in chunks that the server never loads.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { SERVER_BUILD_OPTIONS } from './server-build-options.mjs';

rmSync('dist/server', { recursive: true, force: true });
await build({ ...SERVER_BUILD_OPTIONS, entryPoints: ['src/server/main.ts'], outdir: 'dist/server' });
console.log('server built: dist/server/main.js');
