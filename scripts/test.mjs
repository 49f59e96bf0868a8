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
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const lanes = Math.max(1, availableParallelism());

/** A command of a stage: an npm script (in a workspace with `-w`), or a program. */
const run = (name, args, options = {}) => ({ name, command: npm, args: ['run', '-s', ...args], ...options });
const program = (name, command, args, options = {}) => ({ name, command, args, ...options });
/** Builds the workspaces whose output is older than their sources (all of them on a fresh clone), as npm start. */
const buildStale = (name, workspaces, { typesCheckedElsewhere = false, ...options } = {}) =>
  program(
    name,
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { buildStale } from './scripts/build-stale.mjs'; buildStale('test', ${JSON.stringify(workspaces)}, ${JSON.stringify({ typesCheckedElsewhere })});`,
    ],
    options,
  );
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
const STAGES = {
  validate: [
    run('contract build', ['build', '-w', 'packages/contract']),
    // Built here, beside the checks, once: the server suite's process tests (startup errors, backups) run the built
    // server, and the browser journeys the built app. Each used to build it again.
    // The server's types are the type check's, beside it: its build only emits.
    buildStale('build server and app', ['apps/server', 'apps/web'], {
      needs: ['contract build'],
      typesCheckedElsewhere: true,
    }),
    // The server and the benches in one program (bench/tsconfig.with-server.json): the benches import the
    // server's modules, which two programs checked twice.
    tsc('bench/tsconfig.with-server.json'),
    run('prettier', ['format:check']),
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
    buildStale('build what changed', ['packages/contract', 'apps/server', 'apps/web']),
    run('bundle check', ['check:bundle'], { needs: ['build what changed'] }),
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

/**
 * CPU seconds used by the processes started from `roots` and everything they start, sampled from /proc while they
 * run. The kernel's children totals (below) miss whatever was not waited for by its parent, such as Chromium's
 * renderers and GPU process under Playwright, which would then count as other work on the machine.
 */
function processTreeCpu() {
  const roots = new Set();
  const used = new Map(); // `${pid}:${start}` → CPU seconds at its last sample
  let ours = new Set(); // the same keys, of processes alive at the last sample
  const sample = () => {
    let entries;
    try {
      entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    const alive = new Map();
    for (const pid of entries) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        alive.set(Number(pid), {
          ppid: Number(fields[1]),
          key: `${pid}:${fields[19]}`,
          cpu: (Number(fields[11]) + Number(fields[12])) / 100,
        });
      } catch {
        // Gone between the listing and the read.
      }
    }
    const next = new Set();
    const isOurs = (pid, process) =>
      roots.has(pid) || ours.has(process.key) || next.has(alive.get(process.ppid)?.key);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, process] of alive) {
        if (!next.has(process.key) && isOurs(pid, process)) {
          next.add(process.key);
          grew = true;
        }
      }
    }
    for (const process of alive.values()) if (next.has(process.key)) used.set(process.key, process.cpu);
    ours = next;
  };
  const timer = setInterval(sample, 500);
  return {
    add: (pid) => roots.add(pid),
    stop() {
      sample();
      clearInterval(timer);
      return [...used.values()].reduce((sum, cpu) => sum + cpu, 0);
    },
  };
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

function runStep(step, tree) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: step.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    if (child.pid) tree?.add(child.pid);
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
async function runSteps(steps, tree) {
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
        const job = runStep(step, tree).then(({ ok }) => {
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

const record = (entry) =>
  appendFileSync(join(process.env.TEST_REPORT_DIR, 'stages.jsonl'), `${JSON.stringify(entry)}\n`);

/**
 * Runs `work(tree)` as stage `name`: prints its start and end, and records its wall time, its CPU, and the machine's,
 * so that the summary can tell what other work on the machine took from it.
 */
async function runStage(name, work) {
  console.log(`\n=== ${name}`);
  const started = performance.now();
  const busyStarted = machineBusySeconds();
  const ownStarted = childrenCpuSeconds();
  const tree = processTreeCpu();
  const ok = await work(tree);
  const sampled = tree.stop();
  const wallSeconds = (performance.now() - started) / 1000;
  // Each way misses some: the kernel's totals what no parent waited for, the samples what lived under 0.5 s.
  const cpuSeconds =
    ownStarted === undefined ? sampled : Math.max(childrenCpuSeconds() - ownStarted, sampled);
  const machineBusy = busyStarted === undefined ? undefined : machineBusySeconds() - busyStarted;
  record({ stage: name, ok, wallSeconds, cpuSeconds, machineBusySeconds: machineBusy, cores: lanes });
  console.log(`=== ${name}: ${ok ? 'passed' : 'FAILED'} in ${wallSeconds.toFixed(0)} s`);
  return ok;
}

async function main(argv) {
  const ownDir = !process.env.TEST_REPORT_DIR;
  process.env.TEST_REPORT_DIR ||= join(root, '.reports'); // an empty value too: it names no folder
  if (ownDir) rmSync(process.env.TEST_REPORT_DIR, { recursive: true, force: true });
  mkdirSync(process.env.TEST_REPORT_DIR, { recursive: true });

  if (argv[0] === '--stage') {
    const separator = argv.indexOf('--');
    const [command, ...args] = argv.slice(separator + 1);
    if (!argv[1] || separator < 0 || !command)
      throw new Error('usage: test.mjs --stage NAME -- COMMAND [ARGS]');
    const ok = await runStage(argv[1], (tree) =>
      runStep({ name: argv[1], command, args, stream: true }, tree).then((r) => r.ok),
    );
    return ok ? 0 : 1;
  }

  const names = argv.length > 0 ? argv : Object.keys(STAGES);
  const unknown = names.filter((name) => !(name in STAGES));
  if (unknown.length > 0)
    throw new Error(`unknown stage ${unknown.join(', ')}: one of ${Object.keys(STAGES).join(', ')}`);
  let ok = true;
  // One stage at a time, in the README's order: each keeps the cores to itself (a web test waiting 5 s for a render
  // failed in CI while the unit and server stages shared them). Every stage runs even after one failed: the table
  // then shows what else broke, and the whole cost.
  for (const name of Object.keys(STAGES).filter((stage) => names.includes(stage)))
    ok = (await runStage(name, (tree) => runSteps(STAGES[name], tree))) && ok;
  const summary = await runStep({
    name: 'summary',
    command: process.execPath,
    args: [join(root, 'scripts/test-summary.mjs'), process.env.TEST_REPORT_DIR],
    stream: true,
  });
  return ok && summary.ok ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
