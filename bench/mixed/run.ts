/**
 * bench/mixed: 200 signed-in users browsing, searching, opening, liking and messaging against the real app on
 * PostgreSQL with 1M listings, next to the same users with their reads answered by the floor (bench/feed/floor.ts:
 * the app's statements and bytes from plain node:http; the writes still go to the app), rounds alternating A B B A.
 * Reports req/s, p50/p99 and errors per request kind and overall, app ÷ floor, and the goal (think-time p99 of the
 * reads ≤ 2 × the floor's). See docs/benchmarks.md, "bench/mixed".
 *
 *   npm run bench:mixed [-- --rows 100000 --users 200 --seconds 30 --rounds 2 --warmup 5 --think-ms 0
 *                        --keep --json FILE]
 *
 * BENCH_DATABASE_URL: an admin connection (default postgres://postgres@127.0.0.1:5432/postgres); the bench
 * creates rummage_bench_mixed_<timestamp> there and drops it at the end unless --keep.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  startAppProcess,
  startFloorProcess,
  stopChild,
  type AppProcess,
  type FloorProcess,
} from '../feed/app-process.js';
import { processCpuMs, selfCpuMs } from '../feed/cpu.js';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  loadListings,
  METROS,
  migrate,
  serverInfo,
} from '../feed/database.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import { createBuyers, productIdRange } from './accounts.js';
import { checkFloorBytes } from './floor-check.js';
import { merge, resultJson, resultTables, summarize, type PhaseResult } from './report.js';
import { createUsers, RADIUS_KM, Recorder, runUsers, type LoadTarget } from './users.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '5' },
    'think-ms': { type: 'string', default: '0' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const whole = (name: keyof typeof args, min = 1) => {
  const n = Number(String(args[name]).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return n;
};
const rows = whole('rows');
const userCount = whole('users');
const seconds = whole('seconds');
const rounds = whole('rounds');
const warmup = whole('warmup', 0);
const thinkMs = whole('think-ms', 0);

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `rummage_bench_mixed_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
const url = databaseUrl(adminUrl, dbName);
const log = (line: string) => console.log(line);
const seconds1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const spawned = new Set<ChildProcess>();
let created = false;

async function cleanUp(): Promise<void> {
  const children = [...spawned];
  spawned.clear();
  await Promise.all(children.map(stopChild));
  if (created && !args.keep) {
    await dropDatabase(adminUrl, dbName).catch((error: unknown) => console.error('drop failed:', error));
    created = false;
  } else if (created) {
    log(`kept ${url}`);
  }
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

/**
 * CPU milliseconds so far of every PostgreSQL backend serving the bench database (the app's pool), by pid, read
 * from /proc: with the app's own CPU it tells where a request's time goes.
 */
async function databaseCpu(monitor: pg.Client): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, processCpuMs(pid));
    } catch {
      // The backend ended in between.
    }
  }
  return cpu;
}

async function databaseCpuSince(monitor: pg.Client, before: Map<number, number>): Promise<number> {
  const after = await databaseCpu(monitor);
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function phase(
  monitor: pg.Client,
  app: AppProcess,
  floor: FloorProcess,
  target: LoadTarget,
  users: ReturnType<typeof createUsers>,
  mode: PhaseResult['mode'],
  round: number,
): Promise<PhaseResult> {
  const { recorder } = target;
  recorder.reset();
  recorder.active = false;
  let stopped = false;
  const running = runUsers(target, users, mode, () => stopped);
  await sleep(warmup * 1000);
  const appCpu = processCpuMs(app.child.pid!);
  const floorCpu = processCpuMs(floor.child.pid!);
  const client = selfCpuMs();
  const database = await databaseCpu(monitor);
  recorder.active = true;
  await sleep(seconds * 1000);
  recorder.active = false;
  const databaseMs = await databaseCpuSince(monitor, database);
  stopped = true;
  await running;
  const labels = Object.fromEntries(recorder.labels);
  const requests = [...recorder.labels.values()].reduce((sum, samples) => sum + samples.latencies.length, 0);
  const perRequest = (ms: number) => ms / Math.max(1, requests);
  const result: PhaseResult = {
    mode,
    round,
    seconds,
    labels,
    appCpuMs: perRequest(processCpuMs(app.child.pid!) - appCpu),
    floorCpuMs: perRequest(processCpuMs(floor.child.pid!) - floorCpu),
    clientCpuMs: perRequest(selfCpuMs() - client),
    databaseCpuMs: perRequest(databaseMs),
  };
  const s = summarize(merge([result]).get('overall'), seconds);
  const reads = summarize(merge([result]).get('reads'), seconds);
  log(
    `round ${round}, ${mode === 'app' ? 'the app' : 'reads to the floor'}: ${s.rps.toFixed(0)} req/s, ` +
      `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (reads ${reads.p99.toFixed(1)} ms), ` +
      `${s.errors} errors, ${s.limited} × 429, CPU ms/req: app ${result.appCpuMs.toFixed(2)}, ` +
      `floor ${result.floorCpuMs.toFixed(2)}, PostgreSQL ${result.databaseCpuMs.toFixed(2)}, ` +
      `load generator ${result.clientCpuMs.toFixed(2)}`,
  );
  return result;
}

async function main() {
  const machine = { ...describeMachine(), ...(await serverInfo(adminUrl)) };
  log(
    `# bench/mixed: ${userCount} users, ${rows.toLocaleString('en-US')} listings, ` +
      `${thinkMs > 0 ? `think time ${thinkMs} ms (exponential)` : 'closed loop (no think time)'}, ` +
      `${rounds} rounds of ${seconds} s after ${warmup} s warm-up`,
  );
  log(machineLine(machine));
  log(
    `database: ${machine.version} (${machine.settings}); load generator, app and database share these cores`,
  );

  await createDatabase(adminUrl, dbName);
  created = true;
  await migrate(url);
  const load = await loadListings(url, rows);
  log(
    `\nloaded ${rows.toLocaleString('en-US')} listings into ${dbName} in ` +
      `${seconds1(load.insertMs + load.indexMs + load.vacuumMs)}`,
  );
  const accounts = await createBuyers(url, userCount);
  const products = await productIdRange(url);
  log(`${accounts.length} buyer accounts signed in (sessions in the database)`);

  const app = await startAppProcess(url, (child) => spawned.add(child));
  const floor = await startFloorProcess(url, (child) => spawned.add(child));
  // The app checks each token's session; the floor is told whose it is (that check is the app's extra work).
  await floor.signIn(accounts.map((a) => [a.token, { id: a.id, username: a.username, role: 'user' }]));
  const base = `http://127.0.0.1:${app.port}`;
  const floorBase = `http://127.0.0.1:${floor.port}`;
  const [, latitude, longitude] = METROS.find(([name]) => name === 'Chicago, IL')!;
  const point = { latitude, longitude, radiusKm: RADIUS_KM };
  log(`floor: ${await checkFloorBytes(base, floorBase, accounts[0]!, point)}`);

  const target: LoadTarget = {
    base,
    floorBase,
    products,
    recorder: new Recorder(),
    thinkMs,
  };
  const users = createUsers(accounts);
  const phases: PhaseResult[] = [];
  const monitor = new pg.Client({ connectionString: url });
  await monitor.connect();
  try {
    for (let round = 1; round <= rounds; round++) {
      // A B B A …: neither side always runs on the warmer (or busier) half of the run.
      const order: PhaseResult['mode'][] = round % 2 === 1 ? ['app', 'floor'] : ['floor', 'app'];
      for (const mode of order) phases.push(await phase(monitor, app, floor, target, users, mode, round));
    }
  } finally {
    await monitor.end();
  }

  log(
    `\n# Results (${userCount} users, ${rows.toLocaleString('en-US')} listings, ` +
      `${thinkMs > 0 ? `think time ${thinkMs} ms` : 'closed loop'}, ${rounds} × ${seconds} s each side)`,
  );
  log(`${machine.cpus}, ${machine.memory}, Node ${machine.node}, ${machine.version}`);
  log(`load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()}\n`);
  log(resultTables(phases, userCount, thinkMs));
  if (args.json) {
    const load = { atStart: machine.loadAverageAtStart, atEnd: loadAverage() };
    const details = { date: new Date(), rows, users: userCount, seconds, rounds, thinkMs, machine, load };
    writeFileSync(args.json, JSON.stringify({ ...resultJson(phases), ...details }, null, 2));
    log(`\nwrote ${args.json}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
