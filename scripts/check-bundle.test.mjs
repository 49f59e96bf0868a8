// node --test scripts/check-bundle.test.mjs: what scripts/check-bundle.mjs counts, on a small fake build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { measureInitialJs } from './check-bundle.mjs';

const script = fileURLToPath(new URL('./check-bundle.mjs', import.meta.url));
const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build whose entry statically imports `shared` and dynamically `app`; `app` lazily imports `page`. */
function fakeBuild({ appBytes = 1000 } = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'check-bundle-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  // Random bytes do not compress, so gzip sizes track the sizes written here.
  const files = { 'index.js': 500, 'shared.js': 300, 'app.js': appBytes, 'page.js': 50_000, 'other.js': 400 };
  for (const [name, size] of Object.entries(files)) {
    writeFileSync(join(dist, 'assets', name), randomBytes(size).toString('base64'));
  }
  writeFileSync(
    join(dist, 'home.html'),
    '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/other.js">',
  );
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared'], dynamicImports: ['_app'] },
    _shared: { file: 'assets/shared.js' },
    _app: { file: 'assets/app.js', imports: ['_shared'], dynamicImports: ['src/Page.tsx'] },
    'src/Page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_app'] },
    _other: { file: 'assets/other.js' },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

test('counts the page’s scripts, their static imports and the entry’s dynamic imports, not lazy pages', () => {
  const result = measureInitialJs(fakeBuild());
  assert.deepEqual(result.scripts.map((script) => script.file).sort(), [
    'assets/app.js',
    'assets/index.js',
    'assets/other.js',
    'assets/shared.js',
  ]);
  assert.equal(
    result.gzipBytes,
    result.scripts.reduce((total, script) => total + script.gzipBytes, 0),
  );
});

test('passes within the budget and fails past it', () => {
  const within = spawnSync(process.execPath, [script, '--dist', fakeBuild(), '--budget', '10'], {
    encoding: 'utf8',
  });
  assert.equal(within.status, 0, within.stdout + within.stderr);
  assert.match(within.stdout, /PASS: .* against a budget of 10 KiB gzip/);

  const grown = spawnSync(
    process.execPath,
    [script, '--dist', fakeBuild({ appBytes: 20_000 }), '--budget', '10'],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(grown.status, 1);
  assert.match(grown.stdout, /FAIL: .* against a budget of 10 KiB gzip/);
});

test('fails when there is no build', () => {
  const missing = spawnSync(process.execPath, [script, '--dist', join(tmpdir(), 'no-such-build')], {
    encoding: 'utf8',
  });
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /run npm run build first/);
});
