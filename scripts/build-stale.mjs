// Builds the workspaces whose output is missing or older than what their build reads: `npm start`, `npm run admin`
// and `npm run backup`. Quiet unless a build fails: a first start shows one line per workspace, not the bundler's
// pages of output.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time of the files and folders under the given paths (skipping node_modules and dist). */
function newestMtime(rootDir, paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    // A folder's own time counts too: it changes when a file in it is deleted or renamed.
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry));
      }
    }
  };
  paths.forEach((p) => walk(join(rootDir, p)));
  return newest;
}

/**
 * Everything a build reads besides its sources: the TypeScript settings it extends and the lockfile, which pins
 * the compiler, the bundler and every library compiled in (an `npm install` that changes them changes the output).
 */
const shared = ['package-lock.json', 'tsconfig.base.json'];
const contractInputs = [
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/contract/tsconfig.json',
  'packages/contract/tsconfig.build.json',
  ...shared,
];

/** Each workspace `npm start` needs, in build order, with its output file and every input of its build. */
export const targets = [
  { workspace: 'packages/contract', output: 'packages/contract/dist/index.js', inputs: contractInputs },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    // tsc's flag to emit without checking types, for a build whose types another step checks (npm test's validate).
    uncheckedBuildArgs: ['--noCheck'],
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      'apps/server/scripts/build.mjs',
      ...contractInputs,
    ],
  },
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      // The build scripts: Vite's configuration and the plugins it imports (chunking, prerendering).
      'apps/web/vite.config.ts',
      'apps/web/build-plugins.ts',
      'apps/web/offline-page.ts',
      ...contractInputs,
    ],
  },
];

/** The targets among `workspaces` whose output is missing or older than one of its inputs under `rootDir`. */
export function staleTargets(rootDir = root, workspaces = targets.map((target) => target.workspace)) {
  return targets.filter((target) => {
    if (!workspaces.includes(target.workspace)) return false;
    const output = join(rootDir, target.output);
    return !existsSync(output) || statSync(output).mtimeMs < newestMtime(rootDir, target.inputs);
  });
}

/**
 * Builds, in order, each of `workspaces` (all by default) that is stale; when one fails, prints its output and
 * exits the process with the build's status, naming the `command` to run again.
 *
 * `typesCheckedElsewhere`: the caller checks the same sources' types itself (npm test runs `tsc -p apps/server`, which
 * covers the build's files with the build's settings), so tsc only emits: the server's build then takes 5 s of CPU
 * instead of 35. With `isolatedModules`, what tsc emits never depends on the types.
 */
export function buildStale(
  command,
  workspaces = targets.map((target) => target.workspace),
  { typesCheckedElsewhere = false } = {},
) {
  for (const target of staleTargets(root, workspaces)) {
    process.stdout.write(`[${command}] building ${target.workspace} … `);
    const started = Date.now();
    const unchecked =
      typesCheckedElsewhere && target.uncheckedBuildArgs ? ['--', ...target.uncheckedBuildArgs] : [];
    const result = spawnSync(npm, ['run', 'build', '-w', target.workspace, ...unchecked], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      // The bundler's colours would be escape codes in the captured text.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    if (result.status !== 0) {
      // tsc writes its output even when it reports errors: without this, the next start would take the
      // half-built output for a fresh one.
      rmSync(join(root, target.output), { force: true });
      process.stdout.write('failed\n');
      process.stderr.write(
        `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error}\n` : ''}`,
      );
      console.error(
        `[${command}] building ${target.workspace} failed; fix the error above and run npm ${command} again.`,
      );
      process.exit(result.status ?? 1);
    }
    process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
}
