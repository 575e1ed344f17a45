import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of eslint.config.js, tried on snippets that cross a layer (and on ones that do
// not), through the project's own configuration: if the rule is switched off or stops seeing a
// module, this fails.

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer errors ESLint reports for `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

const modules = readdirSync(`${root}src/server/modules`).filter((name) =>
  statSync(`${root}src/server/modules/${name}`).isDirectory(),
);

describe('the layers lint rule', () => {
  it('refuses a module reaching into another module’s files, types included', async () => {
    const errors = await layerErrors(
      'src/server/modules/rooms/crossing.ts',
      "import type { LiveUsers } from '../users/live-users';\nexport type Held = LiveUsers;\n",
    );
    expect(errors).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it('lets a module use another through its index.ts, and its own files freely', async () => {
    expect(
      await layerErrors(
        'src/server/modules/rooms/crossing.ts',
        "import { toPublicUser } from '../users';\nimport { toRoom } from './rooms.presenter';\nexport const both = [toPublicUser, toRoom];\n",
      ),
    ).toEqual([]);
  });

  it('refuses transport importing a module, even its index', async () => {
    for (const file of ['src/server/realtime/crossing.ts', 'src/server/http/crossing.ts'])
      expect(
        await layerErrors(
          file,
          "import type { RoomsService } from '../modules/rooms';\nexport type R = RoomsService;\n",
        ),
      ).toEqual([expect.stringContaining('Transport')]);
  });

  it('refuses code outside the modules reaching into a module’s files', async () => {
    expect(
      await layerErrors(
        'src/server/owner/crossing.ts',
        "import { createUsersRepo } from '../modules/users/users.repo';\nexport const repo = createUsersRepo;\n",
      ),
    ).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it('refuses src/shared importing the server or the browser', async () => {
    expect(
      await layerErrors(
        'src/shared/realtime/crossing.ts',
        "import { channel } from '../../server/realtime/types';\nimport { App } from '../../web/app/App';\nexport const both = [channel, App];\n",
      ),
    ).toHaveLength(2);
  });

  it('covers every module folder', async () => {
    expect(modules.length).toBeGreaterThan(10);
    /** A file of a module that is not its index. */
    const inner = (name: string) =>
      readdirSync(`${root}src/server/modules/${name}`).find((file) =>
        /^(?!index\.)[\w.-]+(?<!\.test)\.ts$/.test(file),
      )!;
    for (const [i, name] of modules.entries()) {
      const other = modules[(i + 1) % modules.length]!;
      const file = inner(other).replace(/\.ts$/, '');
      const errors = await layerErrors(
        `src/server/modules/${name}/crossing.ts`,
        `import * as inside from '../${other}/${file}';\nexport const all = inside;\n`,
      );
      expect(errors, `${name} importing ${other}/${file}`).toEqual([expect.stringContaining('index.ts')]);
    }
  });
});
