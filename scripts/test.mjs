#!/usr/bin/env node
// `npm test`: every tier a change must pass (docs/testing.md), stage by stage, each stage's wall time and CPU
// recorded, then the timing table and the closing "N passed, N failed" line (scripts/test-summary.mjs).
//
//   node scripts/test.mjs                      the README's stages: validate, unit, server, e2e
//   node scripts/test.mjs server e2e           only these stages
//   node scripts/test.mjs --stage NAME -- CMD  one command run and recorded as a stage (.ci/run's further passes)
//
// Steps inside a stage that do not depend on each other run side by side, as many as the machine has cores: ESLint,
// Prettier and each tsc are single-threaded, so two cores take half the time of one after another.
// Reports go to TEST_REPORT_DIR (default .reports/, emptied first when npm test makes it).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const lanes = Math.max(1, availableParallelism());

/** A command of a stage: an npm script (in a workspace with `-w`), or a program. */
const run = (name, args, options = {}) => ({ name, command: npm, args: ['run', '-s', ...args], ...options });
const program = (name, command, args, options = {}) => ({ name, command, args, ...options });
const tsc = (project) =>
  program(
    `tsc ${project}`,
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'],
    {
      needs: ['contract build'],
    },
  );

/**
 * The README's `npm test`, stage by stage. A stage's steps run side by side as cores allow, longest first, each once
 * the steps it `needs` have passed (the type checks read the contract's built declarations).
 */
export const STAGES = {
  validate: [
    run('contract build', ['build', '-w', 'packages/contract']),
    tsc('apps/server'),
    run('prettier', ['format:check']),
    tsc('bench'),
    run('eslint', ['lint']),
    tsc('apps/web'),
    tsc('packages/contract'),
    tsc('e2e'),
    tsc('apps/web/src/service-worker'),
    program('import boundaries', process.execPath, [
      '--test',
      '--test-reporter=dot',
      'scripts/import-boundaries.test.mjs',
    ]),
  ],
  unit: [
    run('web', ['test', '-w', 'apps/web'], { env: { TEST_REPORT_NAME: 'web' } }),
    run('contract', ['test', '-w', 'packages/contract'], { env: { TEST_REPORT_NAME: 'contract' } }),
    run('bench judges', ['test', '-w', 'bench'], { env: { TEST_REPORT_NAME: 'bench' } }),
    program('scripts', process.execPath, [
      '--test',
      '--test-reporter=dot',
      'scripts/build-stale.test.mjs',
      'scripts/test-summary.test.mjs',
    ]),
  ],
  server: [
    run('server on PGlite', ['test:server'], { env: { TEST_REPORT_NAME: 'server-pglite' }, stream: true }),
  ],
  e2e: [
    run('build', ['build']),
    run('bundle check', ['check:bundle'], { needs: ['build'] }),
    run('browser journeys', ['test', '-w', 'e2e'], { needs: ['bundle check'], stream: true }),
  ],
};

/** CPU seconds the machine spent busy (all processes), from /proc/stat; undefined where there is none. */
function machineBusySeconds() {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const [user, nice, system, , , irq, softirq, steal] = cpu.trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds of this process's finished children and theirs (what the kernel adds up for a waited-for child). */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function runStep(step) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: step.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      // A step run side by side prints once it ends, whole: interleaved lines of four tools read as noise.
      if (!step.stream && (!ok || process.env.TEST_VERBOSE)) process.stdout.write(output);
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds.toFixed(1)} s${signal ? `, ${signal}` : ''})`,
      );
      resolve({ ok, seconds });
    });
  });
}

/** Runs a stage's steps, up to one per core at a time, each once what it needs has passed. True when all passed. */
async function runSteps(steps) {
  const waiting = [...steps];
  const passed = new Set();
  const failed = new Set();
  const running = new Set();
  return new Promise((resolve) => {
    const next = () => {
      // A step whose needs failed is never run: its failure would only repeat theirs.
      for (const step of waiting.filter((s) => s.needs?.some((n) => failed.has(n)))) {
        waiting.splice(waiting.indexOf(step), 1);
        failed.add(step.name);
        console.log(`skip ${step.name} (needs ${step.needs.join(', ')})`);
      }
      while (running.size < lanes) {
        const step = waiting.find((s) => (s.needs ?? []).every((n) => passed.has(n)));
        if (!step) break;
        waiting.splice(waiting.indexOf(step), 1);
        // A streamed step (a test runner printing as it goes) runs alone, so its lines are not mixed with others'.
        if (step.stream && running.size > 0) {
          waiting.unshift(step);
          break;
        }
        const job = runStep(step).then(({ ok }) => {
          running.delete(job);
          (ok ? passed : failed).add(step.name);
          next();
        });
        running.add(job);
        if (step.stream) break;
      }
      if (running.size === 0 && waiting.length === 0) resolve(failed.size === 0);
    };
    next();
  });
}

/** Runs `work` as stage `name`, and appends its wall time and CPU to TEST_REPORT_DIR/stages.jsonl. */
async function recordStage(name, work) {
  console.log(`\n=== ${name}`);
  const wallStarted = performance.now();
  const busyStarted = machineBusySeconds();
  const ownStarted = childrenCpuSeconds();
  const ok = await work();
  const wall = (performance.now() - wallStarted) / 1000;
  const busy = busyStarted === undefined ? undefined : machineBusySeconds() - busyStarted;
  const own = ownStarted === undefined ? undefined : childrenCpuSeconds() - ownStarted;
  appendFileSync(
    join(process.env.TEST_REPORT_DIR, 'stages.jsonl'),
    `${JSON.stringify({ stage: name, ok, wallSeconds: wall, cpuSeconds: own, machineBusySeconds: busy, cores: lanes })}\n`,
  );
  console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${wall.toFixed(0)} s`);
  return ok;
}

async function main(argv) {
  const ownDir = !process.env.TEST_REPORT_DIR;
  process.env.TEST_REPORT_DIR ??= join(root, '.reports');
  if (ownDir) rmSync(process.env.TEST_REPORT_DIR, { recursive: true, force: true });
  mkdirSync(process.env.TEST_REPORT_DIR, { recursive: true });

  if (argv[0] === '--stage') {
    const separator = argv.indexOf('--');
    const [command, ...args] = argv.slice(separator + 1);
    if (!argv[1] || separator < 0 || !command)
      throw new Error('usage: test.mjs --stage NAME -- COMMAND [ARGS]');
    const ok = await recordStage(argv[1], () =>
      runStep({ name: argv[1], command, args, stream: true }).then((r) => r.ok),
    );
    return ok ? 0 : 1;
  }

  const names = argv.length > 0 ? argv : Object.keys(STAGES);
  const unknown = names.filter((name) => !(name in STAGES));
  if (unknown.length > 0)
    throw new Error(`unknown stage ${unknown.join(', ')}: one of ${Object.keys(STAGES).join(', ')}`);
  let ok = true;
  for (const name of names) {
    // Every stage runs even after one failed: the table then shows what else broke, and the whole cost.
    const passed = await recordStage(name, () => runSteps(STAGES[name]));
    ok &&= passed;
  }
  const summary = await runStep({
    name: 'summary',
    command: process.execPath,
    args: [join(root, 'scripts/test-summary.mjs'), process.env.TEST_REPORT_DIR],
    stream: true,
  });
  return ok && summary.ok ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
