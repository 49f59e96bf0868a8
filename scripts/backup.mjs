#!/usr/bin/env node
// `npm run backup -- --out DIR` / `npm run restore -- DIR [--force]`: on a build no older than its sources, like
// `npm run admin` (scripts/admin.mjs); the first argument, set by package.json, names the command.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, root } from './build-stale.mjs';

const command = process.argv[2];
buildStale(`run ${command}`, ['packages/contract', 'apps/server']);
// The command reads the same .env as `npm start` itself (apps/server/src/backup-cli.ts).
const result = spawnSync(
  process.execPath,
  [join(root, 'apps/server/dist/backup-cli.js'), ...process.argv.slice(2)],
  { cwd: process.cwd(), stdio: 'inherit' },
);
process.exit(result.status ?? 1);
