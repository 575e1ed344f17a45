// Run before the browser tests: makes sure the Chromium they launch (e2e/browser.ts) is installed.
// `npx playwright install` cannot run on these machines, so it is Debian's `chromium` package.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const HOW = `Install Debian's Chromium (as root: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`;

function fail(message) {
  console.error(`ensure-chromium: ${message}\n${HOW}`);
  process.exit(1);
}

const custom = process.env.CHROMIUM_PATH;
if (custom) {
  // The tests use this binary and nothing else, so installing the package would not help.
  if (!existsSync(custom)) fail(`CHROMIUM_PATH is ${custom}, which does not exist.`);
  process.exit(0);
}
if (existsSync(DEFAULT_PATH)) process.exit(0);

const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!hasAptGet) fail(`${DEFAULT_PATH} is missing and this machine has no apt-get.`);
if (process.getuid?.() !== 0) fail(`${DEFAULT_PATH} is missing, and installing it needs root.`);

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
function aptGet(...args) {
  console.log(`ensure-chromium: apt-get ${args.join(' ')}`);
  return spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
}

console.log(`ensure-chromium: ${DEFAULT_PATH} is missing; installing Debian's chromium package.`);
// A fresh machine often has no package lists yet: update only when the plain install fails.
const installed = aptGet('install', '-y', 'chromium') || (aptGet('update') && aptGet('install', '-y', 'chromium'));
if (!installed) fail('apt-get could not install chromium (see its output above).');
if (!existsSync(DEFAULT_PATH)) fail(`apt-get installed chromium, but ${DEFAULT_PATH} is still missing.`);
console.log(`ensure-chromium: installed ${DEFAULT_PATH}.`);
