#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server in this process's place.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildStale, root } from './build-stale.mjs';

// Node 20 left long-term support in April 2026, and the password hasher's native module (argon2) crashes while
// loading under Node 20.20 (a segmentation fault, not a word): say what to do instead of dying silently.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(
    `Rummage needs Node.js 22 or 24; this is Node ${process.versions.node}. Install Node 22 (for example ` +
      '`npm install --prefix ~/.node22 node@22` and put ~/.node22/node_modules/node/bin first on PATH), then run ' +
      '`npm ci` again and `npm start`.',
  );
  process.exit(1);
}

buildStale('start');

// A .env file beside package.json is read by Node itself (every variable is listed in .env.example).
const envFile = join(root, '.env');
const nodeArgs = existsSync(envFile) ? [`--env-file=${envFile}`] : [];
const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
