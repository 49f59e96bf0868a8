#!/usr/bin/env node
// Reads what a test run left in its report folder and prints, in this order:
// - each stage's wall time and CPU (stages.jsonl, written by scripts/test.mjs),
// - the slowest test files, and every file over the limit (Vitest's *.files.json, Playwright's e2e.json),
// - every browser journey with a try that did not pass, flaky or failed, with where and why each such try failed,
// - the closing "N passed, N failed" line, over every Vitest and Playwright report.
// Exits non-zero when a test failed, none passed, a stage failed, or a file took longer than the limit.
//
// The limit is 60 s of a quiet machine (TEST_FILE_LIMIT_SECONDS). Where other work took part of the CPU during a
// stage (a build beside it, a CPU hog), the limit of that stage's files grows by the share it lost, at most 4×:
// the goal is the suite's own cost, and a slow neighbour must not fail a test that is not slow itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const LIMIT_SECONDS = Number(process.env.TEST_FILE_LIMIT_SECONDS) || 60;
const MAX_LOAD_FACTOR = 4;

const dir = process.argv[2] ?? '.reports';
const readJson = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const files = existsSync(dir) ? readdirSync(dir) : [];

/** How much more time than on a quiet machine other work on the machine cost a stage (1: none). */
function loadFactor({ wallSeconds, cpuSeconds, machineBusySeconds, cores }) {
  if (cpuSeconds === undefined || machineBusySeconds === undefined) return 1;
  const capacity = cores * wallSeconds;
  const left = capacity - otherWork({ cpuSeconds, machineBusySeconds });
  return left <= capacity / MAX_LOAD_FACTOR ? MAX_LOAD_FACTOR : Math.max(1, capacity / left);
}
const otherWork = ({ cpuSeconds, machineBusySeconds }) => Math.max(0, machineBusySeconds - cpuSeconds);

// scripts/test.mjs writes a line per stage: its wall time, its CPU and the machine's.
const stages = files.includes('stages.jsonl')
  ? readFileSync(join(dir, 'stages.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];

/** Which stage a report belongs to (the name it was written under), for the load factor of that stage. */
const STAGE_OF_REPORT = {
  contract: 'unit',
  web: 'unit',
  bench: 'unit',
  'server-pglite': 'server',
  e2e: 'e2e',
};
const factorOf = (report) => {
  const stage = stages.findLast((s) => s.stage === (STAGE_OF_REPORT[report] ?? report));
  return stage ? loadFactor(stage) : 1;
};

const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
const secs = (value) => (value === undefined ? '' : `${value.toFixed(0)} s`);

if (stages.length > 0) {
  console.log('\nTime by stage (wall; CPU of its processes; CPU of other work on the machine meanwhile):');
  let total = 0;
  for (const stage of stages) {
    total += stage.wallSeconds;
    const others = stage.machineBusySeconds === undefined ? '' : secs(otherWork(stage));
    console.log(
      `  ${pad(stage.stage, 18)}${lpad(secs(stage.wallSeconds), 7)}${lpad(secs(stage.cpuSeconds), 9)}${lpad(others, 9)}  ${stage.ok ? '' : 'FAILED'}`,
    );
  }
  console.log(`  ${pad('total', 18)}${lpad(secs(total), 7)}  (${(total / 60).toFixed(1)} min)`);
  // The README's stages cannot finish sooner than their CPU spread over every core (docs/decisions/0020).
  const readme = ['validate', 'unit', 'server', 'e2e'].map((name) =>
    stages.findLast((s) => s.stage === name),
  );
  if (readme.every((stage) => stage?.cpuSeconds !== undefined && stage.cores)) {
    const cpu = readme.reduce((sum, stage) => sum + stage.cpuSeconds, 0);
    const wall = readme.reduce((sum, stage) => sum + stage.wallSeconds, 0);
    const floor = cpu / readme[0].cores;
    console.log(
      `  npm test's own CPU ${secs(cpu)} on ${readme[0].cores} cores: no run can take under ${secs(floor)} ` +
        `(${(floor / 60).toFixed(1)} min); this one took ${(wall / floor).toFixed(2)}× that`,
    );
  }
}

// Every test file's whole time: Vitest's own record of it, Playwright's journeys added up by spec file.
const timed = [];
for (const file of files.filter((f) => f.endsWith('.files.json'))) {
  const { suite, files: list } = readJson(file);
  for (const entry of list) timed.push({ suite, ...entry });
}
/** Journeys with a try that did not pass: flaky ones passed on CI's retry, the others failed. */
const triedAgain = [];
if (files.includes('e2e.json')) {
  const bySpec = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        for (const result of test.results)
          bySpec.set(spec.file, (bySpec.get(spec.file) ?? 0) + result.duration / 1000);
        const failedTries = test.results.filter((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (failedTries.length > 0)
          triedAgain.push({ file: spec.file, title: spec.title, test, failedTries });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson('e2e.json').suites ?? []) walk(suite);
  for (const [file, seconds] of bySpec) timed.push({ suite: 'e2e', file: `e2e/tests/${file}`, seconds });
}
timed.sort((a, b) => b.seconds - a.seconds);
/**
 * The file limit is the README's npm test's: its suites' files are held to it. CI's further passes run the same
 * server files on PostgreSQL and on Node 24, and suites of their own; their files are listed with their time, and a
 * fault file is one load scenario (a whole server under an outage or an attack, compared over several rounds),
 * whose length is the measurement.
 */
const NO_FILE_LIMIT = {
  faults: 'a load scenario measured over rounds',
  'server-postgres': "a CI pass of the server suite's files",
  'server-node24': "a CI pass of the server suite's files",
  security: 'a CI suite',
  'fuzz-fixed': 'a CI pass of FUZZ_REQUESTS requests in one test',
  'fuzz-random': 'a CI pass of FUZZ_REQUESTS requests in one test',
};
const overLimit = timed.filter(
  (t) => !(t.suite in NO_FILE_LIMIT) && t.seconds > LIMIT_SECONDS * factorOf(t.suite),
);
if (timed.length > 0) {
  console.log(`\nSlowest test files (limit ${LIMIT_SECONDS} s on a quiet machine):`);
  for (const t of timed.slice(0, 8))
    console.log(
      `  ${lpad(`${t.seconds.toFixed(1)} s`, 8)}  ${pad(t.suite, 15)}${t.file}${t.suite in NO_FILE_LIMIT ? ` (no limit: ${NO_FILE_LIMIT[t.suite]})` : ''}`,
    );
  for (const t of overLimit)
    console.log(
      `  OVER THE LIMIT: ${t.file} took ${t.seconds.toFixed(1)} s (limit ${(LIMIT_SECONDS * factorOf(t.suite)).toFixed(0)} s in this run): split it, or drive its waits by events`,
    );
}

// CI keeps only this summary: a journey that failed a try says where and why, or a flaky one cannot be read later.
const plain = (text) => stripVTControlCharacters(String(text ?? ''));
for (const { file, title, test, failedTries } of triedAgain) {
  const verdict = test.status === 'flaky' ? 'FLAKY (passed on its retry)' : 'FAILED';
  console.log(`  ${verdict}: e2e/tests/${file} › ${title}`);
  for (const result of failedTries) {
    const error = result.error ?? result.errors?.[0] ?? {};
    const where = error.location
      ? ` at ${error.location.file.replace(/.*\/e2e\//, 'e2e/')}:${error.location.line}`
      : '';
    const why = plain(error.message)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, 4)
      .join(' / ')
      .slice(0, 500);
    console.log(
      `    try ${result.retry + 1}: ${result.status} after ${(result.duration / 1000).toFixed(1)} s${where}: ${why || 'no message'}`,
    );
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('');
const reports = files.filter((f) => f.endsWith('.json') && !f.endsWith('.files.json'));
for (const file of reports) {
  const report = readJson(file);
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky passed on retry.
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(
    `${file}: ${JSON.stringify(report.stats ?? { passed: report.numPassedTests, failed: report.numFailedTests })}`,
  );
}
const stageFailed = stages.some((s) => !s.ok);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// A run of test stages that passed no test ran nothing (validate alone writes no report, and passes).
const ranNoTest = passed === 0 && (reports.length > 0 || stages.length === 0);
process.exit(failed > 0 || ranNoTest || stageFailed || overLimit.length > 0 ? 1 : 0);
