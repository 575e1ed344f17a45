// `npm run dev`: the API server (restarted on change) and Vite (hot reload) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    // Pages come from Vite's port: let them use the API and the socket.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
console.log('Majlis dev: open http://localhost:5173 (API on :' + (process.env.PORT ?? 3000) + ')');
