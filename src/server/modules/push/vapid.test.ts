import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadOrCreateVapidKeys } from './vapid';

const dir = mkdtempSync(path.join(tmpdir(), 'majlis-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('makes the VAPID key pair on the first start, readable by the owner only, and reuses it after', () => {
  const first = loadOrCreateVapidKeys(path.join(dir, 'data'));
  expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(statSync(path.join(dir, 'data', 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  expect(loadOrCreateVapidKeys(path.join(dir, 'data'))).toEqual(first);
  expect(loadOrCreateVapidKeys(path.join(dir, 'other')).publicKey).not.toBe(first.publicKey);
});
