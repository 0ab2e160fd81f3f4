/**
 * `npm run dev`: the API server (restarted on change, PGlite in ./data) and Vite with hot reload
 * on http://127.0.0.1:5173, which proxies /public-api and /admin-api to it.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server/index.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080', STATIC_DIR: 'no-static-in-dev' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://127.0.0.1:${process.env.PORT ?? '8080'}` } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
