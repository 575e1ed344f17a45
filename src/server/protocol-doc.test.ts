import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { clientEvents, envelopes, serverEvents } from '../shared/realtime/protocol';
import { protocolDoc, withProtocolDoc } from '../shared/realtime/protocol-doc';

describe('the protocol section of docs/architecture.md', () => {
  it('is what the registries say (run `npm run docs:protocol` after changing them)', async () => {
    const file = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));
    const document = readFileSync(file, 'utf8');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(await prettier.format(withProtocolDoc(document), options)).toBe(document);
  });

  it('names every event, envelope type and endpoint', () => {
    const doc = protocolDoc();
    for (const name of [...Object.keys(clientEvents), ...Object.keys(serverEvents), ...Object.keys(envelopes)])
      expect(doc).toContain(`\`${name}\``);
    expect(doc).toContain('`PUT /api/users/:id/role`');
    expect(doc).toContain(
      '`{roomId, content, messageType?, textColor?, bold?, clientMessageId?, replyToId?, senderId?, isPrivate?, receiverId?}`',
    );
  });
});
