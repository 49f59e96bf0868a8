// `npm start` rebuilds a workspace when anything its build reads changed: the inputs are found here from the
// repository's own build settings (package.json build scripts, tsconfig `extends` chains, the Vite configuration's
// local imports), not copied from build-stale.mjs, so an input added later without listing it fails this test.
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { root, staleTargets, targets } from './build-stale.mjs';

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rel = (path) => relative(root, path).split('\\').join('/');

/** A tsconfig file and every file it extends, as repository paths. */
function tsconfigChain(path) {
  const chain = [path];
  const text = readFileSync(join(root, path), 'utf8');
  const extended = /"extends"\s*:\s*"([^"]+)"/.exec(text)?.[1];
  if (extended?.startsWith('.')) chain.push(...tsconfigChain(rel(resolve(root, dirname(path), extended))));
  return chain;
}

/** One file under each folder a tsconfig `include`s (enough to show that changing a source there counts). */
function includedSources(tsconfigPath) {
  const { include = [] } = readJson(tsconfigPath);
  return include
    .filter((pattern) => !/[*?]/.test(pattern))
    .map((folder) => join(dirname(tsconfigPath), folder))
    .map((folder) => {
      const first = readdirSync(join(root, folder), { recursive: true }).find((entry) =>
        statSync(join(root, folder, entry)).isFile(),
      );
      return `${folder}/${String(first).split('\\').join('/')}`;
    });
}

/** What `npm run build` in `workspace` reads, according to its build script and the files that script names. */
function buildInputs(workspace) {
  const inputs = new Set(['package-lock.json', `${workspace}/package.json`]);
  for (const entry of readdirSync(join(root, workspace))) {
    if (/^tsconfig.*\.json$/.test(entry))
      tsconfigChain(`${workspace}/${entry}`).forEach((p) => inputs.add(p));
  }
  const script = readJson(`${workspace}/package.json`).scripts.build;
  // A build run by a script of its own (the server's: tsc, then the bundler) reads that script too.
  const buildScript = /^node (\S+\.mjs)$/.exec(script)?.[1];
  const scriptText = buildScript ? readFileSync(join(root, workspace, buildScript), 'utf8') : '';
  if (buildScript) inputs.add(`${workspace}/${buildScript}`);
  const project = /tsc -p (\S+)/.exec(script)?.[1] ?? /'-p', '([^']+)'/.exec(scriptText)?.[1];
  if (project) includedSources(`${workspace}/${project}`).forEach((p) => inputs.add(p));
  if (/\bvite build\b/.test(script)) {
    const config = `${workspace}/vite.config.ts`;
    inputs.add(config);
    for (const [, local] of readFileSync(join(root, config), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      inputs.add(rel(resolve(root, workspace, local)));
    }
    inputs.add(`${workspace}/index.html`);
  }
  return [...inputs];
}

/** Workspaces whose build compiles the contract in (it is a dependency of theirs). */
const usesContract = (workspace) =>
  Boolean(readJson(`${workspace}/package.json`).dependencies?.['@rummage/contract']);

describe('a build is stale when anything it reads changed', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'rummage-build-stale-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const past = new Date(Date.now() - 60_000);
  const built = new Date(Date.now() - 30_000);
  const now = new Date();

  const own = Object.fromEntries(targets.map((t) => [t.workspace, buildInputs(t.workspace)]));
  const every = [...new Set(Object.values(own).flat())];
  // A scratch copy of the layout: each input an old file, each output built after them.
  for (const path of every) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), '');
    utimesSync(join(scratch, path), past, past);
  }
  for (const { output } of targets) {
    mkdirSync(dirname(join(scratch, output)), { recursive: true });
    writeFileSync(join(scratch, output), '');
    utimesSync(join(scratch, output), built, built);
  }
  // Folders count by their own time (a deleted file changes only its folder's): made old as well.
  const ageFolders = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) ageFolders(join(dir, entry.name));
    }
    utimesSync(dir, past, past);
  };
  ageFolders(scratch);

  it('finds the inputs it checks (tsconfig chains, lockfile, build scripts, sources)', () => {
    assert.ok(own['apps/server'].includes('tsconfig.base.json'));
    assert.ok(own['apps/web'].includes('apps/web/build-plugins.ts'));
    assert.ok(own['apps/server'].some((p) => p.startsWith('apps/server/src/')));
  });

  it('is fresh when every output is newer than its inputs', () => {
    assert.deepEqual(
      staleTargets(scratch).map((t) => t.workspace),
      [],
    );
  });

  it('rebuilds the server when one of its sources was deleted', () => {
    const source = own['apps/server'].find((p) => p.startsWith('apps/server/src/'));
    rmSync(join(scratch, source));
    try {
      assert.deepEqual(
        staleTargets(scratch, ['apps/server']).map((t) => t.workspace),
        ['apps/server'],
      );
    } finally {
      writeFileSync(join(scratch, source), '');
      utimesSync(join(scratch, source), past, past);
      utimesSync(dirname(join(scratch, source)), past, past);
    }
  });

  for (const target of targets) {
    const inputs = [
      ...own[target.workspace],
      ...(usesContract(target.workspace) ? own['packages/contract'] : []),
    ];
    for (const input of new Set(inputs)) {
      it(`rebuilds ${target.workspace} when ${input} changed`, () => {
        const file = join(scratch, input);
        utimesSync(file, now, now);
        try {
          const stale = staleTargets(scratch, [target.workspace]).map((t) => t.workspace);
          assert.deepEqual(stale, [target.workspace]);
        } finally {
          utimesSync(file, past, past);
        }
      });
    }
  }
});
