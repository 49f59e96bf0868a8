#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server in this process's place.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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

for (const target of targets) {
  const output = join(root, target.output);
  const stale = !existsSync(output) || statSync(output).mtimeMs < newestMtime(target.sources);
  if (!stale) continue;
  console.log(`[start] building ${target.workspace} …`);
  const result = spawnSync(npm, ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `[start] building ${target.workspace} failed; fix the error above and run npm start again.`,
    );
    process.exit(result.status ?? 1);
  }
}

// A .env file beside package.json is read by Node itself (every variable is listed in .env.example).
const envFile = join(root, '.env');
const nodeArgs = existsSync(envFile) ? [`--env-file=${envFile}`] : [];
const server = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
