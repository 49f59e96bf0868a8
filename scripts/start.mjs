#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server in this process's place.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildStale, root } from './build-stale.mjs';

// Node 20 left long-term support in April 2026: it still runs Rummage, but say so once, plainly.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.warn(`Node ${process.versions.node} is past its end of life; Rummage is tested on Node 22 and 24.`);
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
