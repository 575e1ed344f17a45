import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// ---- the service worker's build id ------------------------------------------------------

/** The line of public/sw.js that names the build; the development server serves it as it is. */
export const BUILD_LINE = "const BUILD = 'dev';";

/** A build's id: the hashed file names it wrote (a changed asset changes its name, so the id). */
export function buildIdOf(fileNames: readonly string[]): string {
  return createHash('sha256')
    .update([...fileNames].sort().join('\n'))
    .digest('hex')
    .slice(0, 12);
}

/** The worker of one build: its cache is named after the build, so the next build's worker deletes it. */
export function stampServiceWorker(source: string, buildId: string): string {
  if (!source.includes(BUILD_LINE)) throw new Error(`sw.js no longer holds «${BUILD_LINE}»`);
  return source.replace(BUILD_LINE, `const BUILD = '${buildId}';`);
}

/**
 * Vite plugin: writes the build's id into the copied sw.js. A new build's worker is then a new file
 * (the browser installs it), its cache has a new name, and on activation it deletes the caches of
 * the builds before, with their assets.
 */
export function serviceWorkerBuildId(): Plugin {
  let fileNames: string[] = [];
  let outDir = '';
  return {
    name: 'majlis-service-worker-build-id',
    apply: 'build',
    writeBundle(options, bundle) {
      outDir = options.dir ?? '';
      fileNames = Object.keys(bundle);
    },
    // After Vite has copied public/ (sw.js among it).
    closeBundle() {
      if (!outDir) return;
      const file = path.join(outDir, 'sw.js');
      writeFileSync(file, stampServiceWorker(readFileSync(file, 'utf8'), buildIdOf(fileNames)));
    },
  };
}

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerBuildId()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload each page's own chunk.
    manifest: true,
  },
  server: {
    port: 5173,
    // In development the API and sockets live on the Node server.
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/socket.io': { target: `http://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});
