#!/usr/bin/env node
/**
 * `npm run build -w apps/server [-- tsc flags]`: tsc compiles src/ to dist/, then dist/server.js, the entry
 * `npm start` runs, is bundled in place with drizzle-orm and the contract inside it.
 *
 * Why: Node 22 finds each loaded file's package.json scope and parses that package's `exports` again for every
 * file. drizzle-orm's package.json holds 175 KB of exports and its few hundred files load at start, so a start
 * spent about a fifth of its CPU re-reading it (a CPU profile of `node --cpu-prof apps/server/dist/server.js`,
 * `deserializePackageJSON` under `getPackageScopeConfig`). Bundled, they are one module. Every other package stays
 * outside the bundle: several read their own files beside them (swagger-ui's assets, PGlite's WebAssembly, the
 * gazetteer's data) or load native code (argon2, sharp). The rest of dist/ stays as tsc wrote it for the admin
 * and backup commands.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(serverDir, 'dist/server.js');

const tscBin = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const tsc = spawnSync(process.execPath, [tscBin, '-p', 'tsconfig.build.json', ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const inside = (specifier) =>
  specifier === 'drizzle-orm' ||
  specifier.startsWith('drizzle-orm/') ||
  specifier.startsWith('@rummage/contract');

await build({
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-outside',
      setup(bundler) {
        // Bare specifiers (packages, node: built-ins) stay imports unless they are one of the inside ones.
        bundler.onResolve({ filter: /^[^./]/ }, (args) =>
          inside(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
