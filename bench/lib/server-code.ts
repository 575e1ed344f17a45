/**
 * Our server's code as `npm start` runs it: bundled by esbuild with the build's own options, into
 * a folder of this process's own under dist/bench/ (removed at exit). Running the sources through
 * tsx instead wraps every function made at run time in a name-keeping helper, which costs about
 * 60 µs of CPU per message on the message path: a cost production does not have.
 * BENCH_SOURCE=1 runs the sources (to profile with source names).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs module of the build scripts, without types.
import { SERVER_BUILD_OPTIONS } from '../../scripts/server-build-options.mjs';

type AppModule = typeof import('../../src/server/app');
type ConfigModule = typeof import('../../src/server/config');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let loaded: Promise<AppModule & ConfigModule> | undefined;

async function bundled(): Promise<AppModule & ConfigModule> {
  const outdir = path.join(root, 'dist', 'bench', String(process.pid));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await build({
    ...(SERVER_BUILD_OPTIONS as object),
    entryPoints: { app: path.join(root, 'src/server/app.ts'), config: path.join(root, 'src/server/config.ts') },
    outdir,
  });
  const app = (await import(pathToFileURL(path.join(outdir, 'app.js')).href)) as AppModule;
  const config = (await import(pathToFileURL(path.join(outdir, 'config.js')).href)) as ConfigModule;
  return { ...app, ...config };
}

async function sources(): Promise<AppModule & ConfigModule> {
  return { ...(await import('../../src/server/app')), ...(await import('../../src/server/config')) };
}

export function serverCode(): Promise<AppModule & ConfigModule> {
  loaded ??= process.env.BENCH_SOURCE === '1' ? sources() : bundled();
  return loaded;
}
