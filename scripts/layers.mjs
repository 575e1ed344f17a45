// The import rules between the code's layers, as zones of ESLint's `import-x/no-restricted-paths`
// (eslint.config.js). Module folders are read from disk, so a new module is covered at once.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MODULES = 'src/server/modules';

/** The folders of `src/server/modules`: one per module. */
export function moduleNames() {
  const dir = fileURLToPath(new URL(`../${MODULES}`, import.meta.url));
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function layerZones() {
  const names = moduleNames();
  /** A module's public face, and the contract every module implements. */
  const faces = [...names.map((name) => `./${name}/index.ts`), './module.ts'];
  const throughIndex = 'Import another module only through its index.ts (its public face), never its files.';
  return [
    {
      target: './src/shared',
      from: ['./src/server', './src/web'],
      message: 'src/shared is imported by the server and the browser; it imports neither.',
    },
    {
      target: ['./src/server/realtime', './src/server/http'],
      from: `./${MODULES}`,
      message: 'Transport (realtime/, http/) knows no module: declare a port here, and let a module fill it.',
    },
    ...names.map((name) => ({
      target: `./${MODULES}/${name}`,
      from: `./${MODULES}`,
      except: [`./${name}`, ...faces],
      message: throughIndex,
    })),
    {
      // Everything else (app.ts, the contract, tools, tests outside modules) reaches modules the same way.
      target: [
        './src/server/*.{ts,tsx}',
        `./${MODULES}/*.ts`,
        './src/server/!(modules|realtime|http)/**',
        './bench/**',
        './scripts/**',
        './e2e/**',
      ],
      from: `./${MODULES}`,
      except: faces,
      message: throughIndex,
    },
  ];
}
