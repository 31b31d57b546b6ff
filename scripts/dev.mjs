// `npm run dev`: the API with reload on port 3000, and Vite with hot module replacement for the shop on 5173
// and the staff app on 5174 (both proxy /v1 and /media to the API). One command, every process, stopped together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: '', PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@mandado/web'], { stdio: 'inherit' }),
  // The staff app (issue 17) on 5174; log in on 5173 first: the session cookie is the same on both ports.
  spawn('npm', ['run', 'dev', '-w', '@mandado/staff'], { stdio: 'inherit' }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
