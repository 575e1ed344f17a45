// `npm start`: builds the site if the build is missing or older than the sources, then serves it.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['dist/web/index.html', 'dist/server/main.js'].map((file) => path.join(root, file));
const inputs = ['src', 'index.html', 'public', 'drizzle', 'package.json', 'vite.config.ts'];

function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs);
}

const built = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
if (built < Math.max(...inputs.map(newest))) {
  console.log('Building Majlis…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'dist/server/main.js'));
