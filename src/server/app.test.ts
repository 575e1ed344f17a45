import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './testing/test-server';

describe('shutdown', () => {
  it('finishes even when a client keeps a request half-sent', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const stuck = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'); // never finished
    const closed = new Promise((resolve) => stuck.once('close', resolve));
    const closing = server.close();
    let done = false;
    void closing.then(() => (done = true));
    // The stuck connection holds the close until the 3 s grace is over, then it is cut.
    let doneBeforeGrace: boolean | undefined;
    server.clock.after(2900, () => (doneBeforeGrace = done));
    await server.clock.advance(3000);
    await closing;
    await closed;
    expect(doneBeforeGrace).toBe(false);
  });
});
