import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers eslint.config.js guards in the browser: a crossing fails `npm run lint`.

/** The repository (this file is src/web/import-boundaries.test.ts), with its trailing slash. */
const root = decodeURIComponent(new URL('../../', import.meta.url).pathname);
const eslint = new ESLint({ cwd: root });

/** The import rules `file` breaks with `code` (what `npm run lint` would report there). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: root + file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('keep every feature out of the realtime core', async () => {
    const errors = await boundaryErrors(
      'src/web/realtime/new-part.ts',
      "import { sessionStore } from '../features/session/session-store';\nexport const session = sessionStore;\n",
    );
    expect(errors).toEqual([expect.stringContaining('src/web/realtime imports no feature')]);
    // A feature's types count too, and so do its deeper files.
    expect(
      await boundaryErrors(
        'src/web/realtime/deeper/part.ts',
        "import type { ChatState } from '../../features/chat/timeline/chat-state';\nexport type S = ChatState;\n",
      ),
    ).toHaveLength(1);
  });

  it('let the realtime core use the shared registry and the browser library', async () => {
    const code =
      "import { SOCKET } from '../../shared/constants';\nimport { callApi } from '../lib/api';\nexport const x = [SOCKET, callApi];\n";
    expect(await boundaryErrors('src/web/realtime/new-part.ts', code)).toEqual([]);
  });

  it('let features use the realtime core', async () => {
    const code = "import { combine } from '../../realtime';\nexport const stop = combine([]);\n";
    expect(await boundaryErrors('src/web/features/walls/walls-live.ts', code)).toEqual([]);
  });

  it('keep the browser out of shared code', async () => {
    const errors = await boundaryErrors(
      'src/shared/api/new-part.ts',
      "import { callApi } from '../../web/lib/api';\nexport const call = callApi;\n",
    );
    expect(errors).toEqual([expect.stringContaining('src/shared imports nothing of src/web')]);
  });
});
