// Builds the workspaces whose output is missing or older than their sources: `npm start` and `npm run admin`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time of the files under the given paths (skipping node_modules and dist). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

const contractSources = ['packages/contract/src', 'packages/contract/package.json'];
const targets = [
  { workspace: 'packages/contract', output: 'packages/contract/dist/index.js', sources: contractSources },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    sources: ['apps/server/src', 'apps/server/package.json', ...contractSources],
  },
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      ...contractSources,
    ],
  },
];

/**
 * Builds, in order, each of `workspaces` (all by default) that is stale; exits the process with the build's status
 * when one fails, naming the `command` to run again.
 */
export function buildStale(command, workspaces = targets.map((target) => target.workspace)) {
  for (const target of targets.filter((candidate) => workspaces.includes(candidate.workspace))) {
    const output = join(root, target.output);
    const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(target.sources);
    if (!stale) continue;
    console.log(`[${command}] building ${target.workspace} …`);
    const result = spawnSync(npm, ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(
        `[${command}] building ${target.workspace} failed; fix the error above and run npm ${command} again.`,
      );
      process.exit(result.status ?? 1);
    }
  }
}
