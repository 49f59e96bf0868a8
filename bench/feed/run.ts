/**
 * bench/feed: the product feed (GET /api/Marketplace/products) on PostgreSQL with 1M listings, the app against its
 * floor (bench/feed/floor.ts: the same statements and bytes from plain node:http) at the same
 * concurrency, rounds A B B A, in the same run. Prints app ÷ floor for req/s, CPU ms per request and p99, and the
 * app's p99 at 50% of its maximum rate (goal ≤ 25 ms). See docs/benchmarks.md.
 *
 *   npm run bench:feed [-- --rows 100000 --seconds 10 --rounds 2 --connections 16 --keep --explain --pgbench
 *                         --json f --long-run N --scenarios none]
 *   npm run bench:feed -- --url postgres://…/rummage_bench_…    # a database kept with --keep, as it stands
 *
 * --long-run N: after the scenarios, N requests (the four scenarios in turn) to a fresh app process of its own,
 * first minute against last (bench/feed/long-run.ts); `--scenarios none` runs only that.
 *
 * BENCH_DATABASE_URL: an admin connection (default postgres://postgres@127.0.0.1:5432/postgres); the bench
 * creates rummage_bench_<timestamp> there and drops it at the end unless --keep. When nothing answers there, it
 * starts a throw-away cluster (bench/feed/cluster.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startAppProcess, startFloorProcess, stopChild, type AppProcess } from './app-process.js';
import { findOrStartPostgres, type Cluster } from './cluster.js';
import {
  countListings,
  createDatabase,
  databaseUrl,
  dropDatabase,
  loadListings,
  migrate,
  serverInfo,
} from './database.js';
import { getJson } from './http.js';
import { longRun, longRunLine, type LongRunResult } from './long-run.js';
import { idleStallMs, loadAverage, machine as describeMachine, machineLine } from './machine.js';
import { inline, literal } from './pgbench.js';
import { goalsOf, resultTables, summary, type FeedGoals, type ScenarioResult } from './report.js';
import { askLoopDelay } from './loop-delay.js';
import { FEED_SCENARIOS, runScenario } from './scenario.js';
import type { CapturedQuery, ControlMessage, ServerMessage } from './server.js';

const GOALS: FeedGoals = { ratio: 0.85, cpu: 1.3, p99Ms: 25, p99VsFloor: 1.5 };
const IDLE_PROBE_SECONDS = 10;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    scenarios: { type: 'string', default: 'radius,radius-search,no-location,sparse' },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    pgbench: { type: 'boolean', default: false },
    json: { type: 'string' },
    'long-run': { type: 'string' },
    url: { type: 'string' },
  },
});
const positive = (name: keyof typeof args) => {
  const n = Number(String(args[name]).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
let rows = positive('rows');
const seconds = positive('seconds');
const warmup = positive('warmup');
const rounds = positive('rounds');
const connections = positive('connections');
const longRunRequests = args['long-run'] === undefined ? undefined : positive('long-run');

const chosen = (args.scenarios === 'none' ? [] : args.scenarios.split(',')).map((key) => {
  const scenario = FEED_SCENARIOS[key.trim()];
  if (!scenario)
    throw new Error(`unknown scenario "${key}" (known: ${Object.keys(FEED_SCENARIOS).join(', ')})`);
  return scenario;
});

const givenAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `rummage_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
let cluster: Cluster = { adminUrl: givenAdminUrl };
let url = databaseUrl(givenAdminUrl, dbName);
const workDir = mkdtempSync(join(os.tmpdir(), 'rummage-bench-feed-'));
const log = (line: string) => console.log(line);
const seconds1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let server: AppProcess | undefined;
/** Set at spawn time, so an interrupt during start-up still stops the children. */
let spawned: ChildProcess | undefined;
let floorSpawned: ChildProcess | undefined;
let created = false;

/** Every statement the server sent to PostgreSQL while answering one GET of `target`. */
function captureQueries(target: string): Promise<CapturedQuery[]> {
  const child = server!.child;
  return new Promise((resolveQueries, reject) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== 'queries') return;
      child.off('message', onMessage);
      resolveQueries(message.queries);
    };
    child.on('message', onMessage);
    child.send({ type: 'capture' } satisfies ControlMessage);
    // IPC and HTTP travel on different channels: a short pause lets the child switch capturing on first.
    setTimeout(() => {
      getJson(target).then(
        () => child.send({ type: 'captured' } satisfies ControlMessage),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    }, 50);
  });
}

/**
 * EXPLAIN ANALYZE of a captured statement twice: with its values inlined (the plan pgbench and a custom plan get),
 * and prepared with its parameters under plan_cache_mode = force_generic_plan (the plan PostgreSQL keeps for a named
 * statement after five runs when it is no dearer than the custom ones).
 */
async function explain(query: CapturedQuery): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plan = (rows: { 'QUERY PLAN': string }[]) => rows.map((row) => row['QUERY PLAN']).join('\n');
  try {
    const custom = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${inline(query)}`,
    );
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare bench_generic as ${query.text}`);
    const args = query.values.map(literal).join(', ');
    const generic = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute bench_generic${args ? `(${args})` : ''}`,
    );
    return `values inlined (custom plan):\n${plan(custom.rows)}\n\ngeneric plan:\n${plan(generic.rows)}`;
  } finally {
    await client.end();
  }
}

async function stopServers(): Promise<void> {
  const children = [spawned, floorSpawned];
  server = undefined;
  spawned = undefined;
  floorSpawned = undefined;
  for (const child of children) if (child) await stopChild(child);
}

async function cleanUp(): Promise<void> {
  await stopServers();
  if (created && !args.keep) {
    await dropDatabase(cluster.adminUrl, dbName).catch((error: unknown) =>
      console.error('drop failed:', error),
    );
    created = false;
  } else if (created) {
    log(`kept ${url} and ${workDir}`);
  }
  if (!args.keep) rmSync(workDir, { recursive: true, force: true });
  // A throw-away cluster goes even with --keep: nothing would be left to connect to it.
  cluster.stop?.();
  cluster = { adminUrl: givenAdminUrl };
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

async function main() {
  cluster = await findOrStartPostgres(givenAdminUrl, log);
  const adminUrl = cluster.adminUrl;
  url = databaseUrl(adminUrl, dbName);
  const machine = { ...describeMachine(), ...(await serverInfo(adminUrl)) };
  log(
    `# bench/feed: ${args.url ? 'a kept database' : `${rows.toLocaleString('en-US')} listings`}, ` +
      `${connections} connections, ${seconds} s runs`,
  );
  log(machineLine(machine));
  log(`database: ${machine.version} (${machine.settings}); client and server share these cores`);
  // Before anything of ours runs: the paced p99 is read against what the machine alone holds a process up.
  const idleStallMsAtStart = await idleStallMs(IDLE_PROBE_SECONDS);
  log(
    `at rest: a 1 ms timer ran up to ${idleStallMsAtStart.toFixed(1)} ms late over ${IDLE_PROBE_SECONDS} s`,
  );

  let load: Awaited<ReturnType<typeof loadListings>> | undefined;
  if (args.url) {
    // Neither loaded nor dropped here; migrated, in case it was kept by an older tree.
    url = args.url;
    await migrate(url);
    rows = await countListings(url);
    log(`\nreusing ${url} as it stands: ${rows.toLocaleString('en-US')} listings (--rows does not apply)`);
  } else {
    await createDatabase(adminUrl, dbName);
    created = true;
    const migrateStarted = performance.now();
    await migrate(url);
    log(`\ncreated ${dbName}, migrated in ${seconds1(performance.now() - migrateStarted)}`);
    load = await loadListings(url, rows);
    log(
      `loaded ${rows.toLocaleString('en-US')} listings in ${seconds1(load.insertMs + load.indexMs + load.vacuumMs)} ` +
        `(insert ${seconds1(load.insertMs)}, indexes ${seconds1(load.indexMs)}, vacuum analyze and checkpoint ${seconds1(load.vacuumMs)})`,
    );
    log(load.sizes.map((t) => `  ${t.table}: ${t.rows.toLocaleString('en-US')} rows, ${t.size}`).join('\n'));
  }

  const app = await startAppProcess(url, (child) => (spawned = child));
  server = app;
  const floor = await startFloorProcess(url, (child) => (floorSpawned = child));
  const context = {
    app: {
      base: `http://127.0.0.1:${app.port}`,
      pid: app.child.pid!,
      watch: () => askLoopDelay(app.child),
    },
    floor: {
      base: `http://127.0.0.1:${floor.port}`,
      pid: floor.child.pid!,
      watch: () => askLoopDelay(floor.child),
    },
    databaseUrl: url,
    workDir,
    connections,
    seconds,
    warmup,
    rounds,
    pgbench: args.pgbench,
    captureQueries,
    explain: args.explain ? explain : undefined,
    log,
  };
  const results: ScenarioResult[] = [];
  for (const [index, scenario] of chosen.entries()) results.push(await runScenario(context, scenario, index));

  let longRunResult: LongRunResult | undefined;
  if (longRunRequests !== undefined) {
    await stopServers();
    log(`\n# Long run: ${longRunRequests.toLocaleString('en-US')} requests to a fresh app process`);
    const fresh = await startAppProcess(url, (child) => (spawned = child));
    longRunResult = await longRun({
      app: fresh,
      queries: Object.values(FEED_SCENARIOS).map((scenario) => scenario.query),
      requests: longRunRequests,
      connections,
      windowSeconds: 60,
      log,
    });
    await stopServers();
  }

  const tables = resultTables(results, GOALS);
  log(
    `\n# Results (${rows.toLocaleString('en-US')} listings, c=${connections}, ${seconds} s × ${rounds} rounds ` +
      `of A B B A)`,
  );
  log(`${machine.cpus}, ${machine.memory}, Node ${machine.node}, ${machine.version}`);
  log(
    `load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()}; at rest a 1 ms timer ran up to ` +
      `${idleStallMsAtStart.toFixed(1)} ms late\n`,
  );
  if (results.length > 0) log(tables);
  if (longRunResult) log(`\n${longRunLine(longRunResult)}`);
  if (args.json) {
    // `scenarios` is the goals' summary; `runs` holds every measurement (half-load latency, pgbench) behind it.
    const report = {
      scenarios: results.map(summary),
      goals: { ...GOALS, scenarios: results.map((result) => goalsOf(result, GOALS)) },
      date: new Date(),
      rows,
      connections,
      seconds,
      rounds,
      machine: { ...machine, idleStallMsAtStart },
      ...(load ? { load } : { reused: url }),
      runs: results,
      ...(longRunResult && { longRun: longRunResult }),
    };
    writeFileSync(args.json, JSON.stringify(report, null, 2));
    log(`\nwrote ${args.json}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
