import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const FILE = 'vapid-keys.json';

function read(file: string): VapidKeys {
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`${file} does not hold VAPID keys (publicKey, privateKey)`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The site's VAPID key pair, kept in DATA_DIR (made on the first start, reused after: browsers'
 * subscriptions are bound to the public key). Nodes sharing DATA_DIR share the pair; when two
 * start at once, the one whose exclusive create lost reads the winner's file.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, FILE);
  try {
    return read(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read(file);
    throw error;
  }
}
