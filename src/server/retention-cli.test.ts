import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { messages, rooms, users } from './db/schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-retention-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60_000;

/** `npm run retention` as an operator runs it (scripts/retention.ts), on an embedded database in DATA_DIR. */
function runCommand(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/retention.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', EMBEDDED_DATABASE: 'pglite', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe('npm run retention', () => {
  it('runs one pass against the configured database and prints the deleted counts per kind', async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir, inMemory: false, embedded: 'pglite' });
    try {
      const { db } = database;
      const [user] = await db
        .insert(users)
        .values({ username: 'قديم', usernameKey: 'قديم', userType: 'member', role: 'member' })
        .returning();
      await db.insert(rooms).values({ id: 'old-room', name: 'غرفة' });
      const old = new Date(Date.now() - 20 * DAY);
      await db.insert(messages).values([
        { roomId: 'old-room', senderId: user!.id, content: 'عامة', createdAt: old },
        { senderId: user!.id, receiverId: user!.id, isPrivate: true, content: 'خاصة', createdAt: old },
        { senderId: user!.id, receiverId: user!.id, isPrivate: true, content: 'خاصة', createdAt: old },
      ]);
    } finally {
      await database.close();
    }
    // Public messages kept 15 days here: all three are past their periods.
    const { code, out } = await runCommand({ RETENTION_PUBLIC_DAYS: '15' });
    expect(code).toBe(0);
    expect(out).toContain('kept: public 15 d, private 7 d, security 90 d');
    expect(out).toMatch(/Retention pass: 3 deleted/);
    expect(out).toMatch(/^\s+roomMessages\s+1$/m);
    expect(out).toMatch(/^\s+privateMessages\s+2$/m);
    expect(out).toMatch(/^\s+moderationLog\s+0$/m);
  }, 120_000);
});
