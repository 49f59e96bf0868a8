// The closing summary of npm test and CI: the timing table, the file limit and the closing line, read from a report
// folder made here as the test runners would have left it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const summary = fileURLToPath(new URL('./test-summary.mjs', import.meta.url));

/** A report folder with one passing Vitest suite whose files took `seconds`, and its stage as recorded. */
function reports(seconds, stage = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rummage-summary-'));
  writeFileSync(
    join(dir, 'web.json'),
    JSON.stringify({ numPassedTests: 12, numFailedTests: 0, numPendingTests: 1 }),
  );
  writeFileSync(
    join(dir, 'web.files.json'),
    JSON.stringify({
      suite: 'web',
      files: seconds.map((s, i) => ({ file: `apps/web/src/f${i}.test.tsx`, seconds: s })),
    }),
  );
  const lines = [
    {
      stage: 'unit',
      ok: true,
      wallSeconds: 100,
      cpuSeconds: 190,
      machineBusySeconds: 191,
      cores: 2,
      ...stage,
    },
  ];
  writeFileSync(join(dir, 'stages.jsonl'), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return dir;
}

function summarize(dir) {
  const env = { ...process.env };
  delete env.TEST_FILE_LIMIT_SECONDS;
  const run = spawnSync(process.execPath, [summary, dir], { encoding: 'utf8', env });
  rmSync(dir, { recursive: true, force: true });
  return { code: run.status, out: run.stdout };
}

test('prints each stage, the slowest files and the closing line; passes when every file is within 60 s', () => {
  const { code, out } = summarize(reports([12.5, 59.9]));
  assert.equal(code, 0);
  assert.match(out, /unit\s+100 s\s+190 s\s+1 s/);
  assert.match(out, /59\.9 s\s+web\s+apps\/web\/src\/f1\.test\.tsx/);
  assert.match(out, /^12 passed, 0 failed, 1 skipped$/m);
  assert.doesNotMatch(out, /OVER THE LIMIT/);
});

test('fails a run with a file over 60 s on a quiet machine, and names it', () => {
  const { code, out } = summarize(reports([12.5, 61]));
  assert.equal(code, 1);
  assert.match(out, /OVER THE LIMIT: apps\/web\/src\/f1\.test\.tsx took 61\.0 s \(limit 60 s/);
});

test('gives a stage the time other work on the machine took from it, at most 4 times the limit', () => {
  // Half of two cores went to something else (a CPU hog): 90 s is within twice the limit, 130 s is not.
  const hog = { wallSeconds: 100, cpuSeconds: 100, machineBusySeconds: 200 };
  assert.equal(summarize(reports([90], hog)).code, 0);
  assert.match(summarize(reports([130], hog)).out, /OVER THE LIMIT: .* \(limit 120 s in this run\)/);
  const swamped = { wallSeconds: 100, cpuSeconds: 5, machineBusySeconds: 200 };
  assert.match(summarize(reports([250], swamped)).out, /limit 240 s in this run/);
});

test('fails when a stage failed, even with every report passing', () => {
  const { code, out } = summarize(reports([3], { ok: false }));
  assert.equal(code, 1);
  assert.match(out, /unit .*FAILED/);
});

test('holds a fault scenario to no file limit, and says so', () => {
  const dir = reports([3]);
  writeFileSync(
    join(dir, 'faults.files.json'),
    JSON.stringify({
      suite: 'faults',
      files: [{ file: 'apps/server/faults/redis-outage.fault.ts', seconds: 200 }],
    }),
  );
  const { code, out } = summarize(dir);
  assert.equal(code, 0);
  assert.match(
    out,
    /200\.0 s\s+faults\s+apps\/server\/faults\/redis-outage\.fault\.ts \(no limit: a load scenario/,
  );
});

test("holds CI's fuzzing passes to no file limit: their one file sends 10,000 requests", () => {
  const dir = reports([3]);
  for (const suite of ['fuzz-fixed', 'fuzz-random']) {
    writeFileSync(
      join(dir, `${suite}.files.json`),
      JSON.stringify({ suite, files: [{ file: 'apps/server/fuzz/stateful.fuzz.ts', seconds: 180 }] }),
    );
  }
  const { code, out } = summarize(dir);
  assert.equal(code, 0);
  assert.match(out, /180\.0 s\s+fuzz-fixed\s+apps\/server\/fuzz\/stateful\.fuzz\.ts \(no limit/);
  assert.doesNotMatch(out, /OVER THE LIMIT/);
});

test('says where and why the first try of a flaky journey failed, the only trace of it CI keeps', () => {
  const dir = reports([3]);
  const journey = {
    title: 'a user opens a support ticket; staff answer from /staff',
    status: 'flaky',
    results: [
      {
        retry: 0,
        status: 'failed',
        duration: 30_000,
        error: {
          message:
            "\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByTestId('count-badge')\n" +
            'Expected: visible\nTimeout: 10000ms',
          location: { file: '/tmp/clone/e2e/tests/staff-support.spec.ts', line: 84 },
        },
      },
      { retry: 1, status: 'passed', duration: 20_000 },
    ],
  };
  writeFileSync(
    join(dir, 'e2e.json'),
    JSON.stringify({
      stats: { expected: 0, unexpected: 0, flaky: 1, skipped: 0 },
      suites: [{ specs: [{ file: 'staff-support.spec.ts', title: journey.title, tests: [journey] }] }],
    }),
  );
  const { code, out } = summarize(dir);
  assert.equal(code, 0);
  assert.match(
    out,
    /FLAKY \(passed on its retry\): e2e\/tests\/staff-support\.spec\.ts › a user opens a support ticket/,
  );
  assert.ok(
    out.includes(
      'try 1: failed after 30.0 s at e2e/tests/staff-support.spec.ts:84: Error: expect(locator).toBeVisible() ' +
        "failed / Locator: getByTestId('count-badge') / Expected: visible / Timeout: 10000ms",
    ),
    out,
  );
  assert.doesNotMatch(out, /try 2/);
  assert.match(out, /50\.0 s\s+e2e\s+e2e\/tests\/staff-support\.spec\.ts/);
  assert.match(out, /^13 passed, 0 failed, 1 skipped$/m);
});
