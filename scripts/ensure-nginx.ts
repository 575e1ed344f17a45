// The nginx test (src/server/ops/nginx.test.ts) calls this first: makes sure Debian's nginx binary is
// installed (`npx tsx scripts/ensure-nginx.ts` does the same from a shell). Only the binary is used; the test runs it as its own child process with
// its own prefix, configuration, pid and logs, never the system service.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Returns an error message, or undefined once nginx is there (installing it with apt-get if it can). */
export function ensureNginx(log: (line: string) => void = console.log): string | undefined {
  if (existsSync(NGINX_PATH)) return undefined;
  if (process.env.NGINX_PATH) return `NGINX_PATH is ${NGINX_PATH}, which does not exist.`;
  const how = `Install Debian's nginx (as root: apt-get install -y nginx) or set NGINX_PATH to an nginx binary.`;
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!hasAptGet) return `${NGINX_PATH} is missing and this machine has no apt-get. ${how}`;
  if (process.getuid?.() !== 0) return `${NGINX_PATH} is missing, and installing it needs root. ${how}`;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (...args: string[]) => {
    log(`ensure-nginx: apt-get ${args.join(' ')}`);
    return spawnSync('apt-get', args, { stdio: 'ignore', env }).status === 0;
  };
  log(`ensure-nginx: ${NGINX_PATH} is missing; installing Debian's nginx package.`);
  // A fresh machine often has no package lists yet: update only when the plain install fails.
  const installed = aptGet('install', '-y', 'nginx') || (aptGet('update') && aptGet('install', '-y', 'nginx'));
  if (!installed) return `apt-get could not install nginx. ${how}`;
  if (!existsSync(NGINX_PATH)) return `apt-get installed nginx, but ${NGINX_PATH} is still missing.`;
  log(`ensure-nginx: installed ${NGINX_PATH}.`);
  return undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = ensureNginx();
  if (problem) {
    console.error(`ensure-nginx: ${problem}`);
    process.exit(1);
  }
}
