import { spawnSync } from 'node:child_process';
import { repoRoot } from '../lib/package-paths.js';

/**
 * Vitest global setup of the server suites: builds the server when its sources changed since the last build, as
 * `npm start` does, before any test file runs. The tests about the process (start-up errors, the admin and
 * backup commands, a restored server) run `dist/`; building there, inside a test's time limit, took minutes on a
 * busy machine. Types are left to `tsc` (npm test's validate stage checks them): the tests need the code, and
 * tsc emits the same files either way.
 */
export default function setup(): void {
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { buildStale } from './scripts/build-stale.mjs';
       buildStale('test', ['packages/contract', 'apps/server'], { typesCheckedElsewhere: true });`,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`Building the server failed:\n${build.stdout}${build.stderr}`);
}
