#!/usr/bin/env node
// `npm run admin -- <command>`: the server's admin commands, on a build no older than its sources (after a
// `git pull`, a stale build would run yesterday's code against today's database).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, root } from './build-stale.mjs';

buildStale('run admin', ['packages/contract', 'apps/server']);
// The command reads the same .env as `npm start` itself (apps/server/src/admin-cli.ts).
const result = spawnSync(
  process.execPath,
  [join(root, 'apps/server/dist/admin-cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
