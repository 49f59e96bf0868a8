/**
 * bench/profile: do the profile and listing answers stay fast now that a profile carries a reputation? The real
 * app answers GET /api/User/profile-details/{id} and GET /api/Product/{id} over HTTP for a busy seller and for an
 * ordinary person, side by side in one run with its floor: the same app, in a process of its own, with the
 * reputation statement left out (without-reputation.mjs), so the floor's answers are the app's answers as they
 * were before ratings and deals. See docs/benchmarks.md, "bench/profile".
 *
 *   npm run bench:profile [-- --seconds 5 --rounds 2 --connections 1 --warmup 2 --users 5000 --keep --json FILE]
 *
 * PGlite by default: the population is written into one data directory, which is copied for the floor, so each
 * process has the same rows in a PGlite of its own. With DATABASE_URL set, PostgreSQL: a fresh database
 * `rummage_bench_profile_<timestamp>` on that server, which both processes share, dropped at the end unless --keep.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API, apiPath } from '@rummage/contract';
import { startAppProcess, type AppProcess } from '../feed/app-process.js';
import { processCpuMs } from '../feed/cpu.js';
import { createDatabase, databaseUrl, dropDatabase, serverInfo } from '../feed/database.js';
import { closedLoop, getJson } from '../feed/http.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import {
  DEFAULT_SIZE,
  populatePglite,
  populatePostgres,
  type Population,
  type PopulationSize,
} from './population.js';
import { goalLines, resultJson, resultTable, type AnswerResult, type Measured } from './report.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '2' },
    users: { type: 'string', default: String(DEFAULT_SIZE.users) },
    small: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const positive = (name: 'seconds' | 'rounds' | 'connections' | 'warmup' | 'users') => {
  const n = Number(String(args[name]).replace(/_/g, ''));
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const seconds = positive('seconds');
const rounds = Math.round(positive('rounds'));
const connections = Math.round(positive('connections'));
const warmup = positive('warmup');
// --small: a population a tenth the size, for a look at the output in seconds.
const scale = args.small ? 0.1 : 1;
const size: PopulationSize = Object.fromEntries(
  Object.entries({ ...DEFAULT_SIZE, users: positive('users') }).map(([key, n]) => [
    key,
    Math.round(n * scale),
  ]),
) as unknown as PopulationSize;

const log = (line: string) => console.log(line);
const withoutReputation = join(dirname(fileURLToPath(import.meta.url)), 'without-reputation.mjs');
const adminUrl = process.env.DATABASE_URL || undefined;
const engine = adminUrl ? 'PostgreSQL' : 'PGlite';

const machine = describeMachine();
log(machineLine(machine));

const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

/** Both processes on the same rows: one database on PostgreSQL, two copies of one data directory on PGlite. */
async function start(): Promise<{ population: Population; app: AppProcess; floor: AppProcess }> {
  const floorArgs = ['--import', withoutReputation];
  if (adminUrl) {
    const name = `rummage_bench_profile_${Date.now()}`;
    await createDatabase(adminUrl, name);
    const url = databaseUrl(adminUrl, name);
    if (args.keep) log(`database kept: ${url}`);
    else cleanups.push(() => dropDatabase(adminUrl, name));
    const population = await populatePostgres(url, size);
    const info = await serverInfo(url);
    log(`PostgreSQL ${info.version}`);
    const app = await startAppProcess(url);
    cleanups.push(() => app.stop());
    const floor = await startAppProcess(url, undefined, floorArgs);
    cleanups.push(() => floor.stop());
    return { population, app, floor };
  }
  const appDir = mkdtempSync(join(tmpdir(), 'rummage-bench-profile-'));
  const floorDir = mkdtempSync(join(tmpdir(), 'rummage-bench-profile-floor-'));
  if (args.keep) log(`data directory kept: ${appDir}`);
  else cleanups.push(() => rmSync(appDir, { recursive: true, force: true }));
  cleanups.push(() => rmSync(floorDir, { recursive: true, force: true }));
  const population = await populatePglite(appDir, size);
  cpSync(join(appDir, 'pglite'), join(floorDir, 'pglite'), { recursive: true });
  const app = await startAppProcess('', undefined, [], { BENCH_DATA_DIR: appDir });
  cleanups.push(() => app.stop());
  const floor = await startAppProcess('', undefined, floorArgs, { BENCH_DATA_DIR: floorDir });
  cleanups.push(() => floor.stop());
  return { population, app, floor };
}

/** The answer without what the floor leaves out (reputation) or counts on its own (a profile's views). */
function comparable(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(comparable);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== 'reputation' && key !== 'views')
      .map(([key, value]) => [key, comparable(value)]),
  );
}

async function measure(server: AppProcess, url: string): Promise<Measured> {
  const pid = server.child.pid!;
  const cpuBefore = processCpuMs(pid);
  const http = await closedLoop(url, connections, seconds);
  const cpu = processCpuMs(pid) - cpuBefore;
  return { http, cpuMsPerRequest: http.requests > 0 ? cpu / http.requests : NaN };
}

async function main() {
  log(`engine: ${engine}; population: ${JSON.stringify(size)}`);
  const { population, app, floor } = await start();
  log(`population written in ${(population.loadMs / 1000).toFixed(1)} s: ${JSON.stringify(population.rows)}`);
  const { busy, ordinary } = population;
  const answers = [
    ['profile, busy seller', 'profile.busy-seller', apiPath(API.user.profileDetails, { userId: busy.id })],
    [
      'profile, ordinary person',
      'profile.ordinary',
      apiPath(API.user.profileDetails, { userId: ordinary.id }),
    ],
    ['listing, busy seller', 'profile.listing', apiPath(API.product.item, { id: busy.listingId })],
    ['listing, ordinary person', 'profile.listing', apiPath(API.product.item, { id: ordinary.listingId })],
  ].map(([name, goal, path]) => ({ name: name!, goal: goal!, path: path! }));
  const origin = (server: AppProcess) => `http://127.0.0.1:${server.port}`;

  const results: AnswerResult[] = [];
  for (const answer of answers) {
    // The floor must give the app's answer, but for the reputation (and a profile's own count of views).
    const appAnswer = await getJson(origin(app) + answer.path);
    const floorAnswer = await getJson(origin(floor) + answer.path);
    if (appAnswer.status !== 200 || floorAnswer.status !== 200)
      throw new Error(`${answer.path} answered ${appAnswer.status} / ${floorAnswer.status} (app / floor)`);
    if (JSON.stringify(comparable(appAnswer.body)) !== JSON.stringify(comparable(floorAnswer.body)))
      throw new Error(`the floor's answer to ${answer.path} differs from the app's beyond the reputation`);
    const reputation = (appAnswer.body as { data?: { reputation?: unknown } }).data?.reputation;
    const bytes = Buffer.byteLength(JSON.stringify(appAnswer.body));
    log(`\n${answer.name}: ${answer.path}, ${bytes} bytes` + (reputation ? `, reputation ${JSON.stringify(reputation)}` : '')); // prettier-ignore

    await closedLoop(origin(app) + answer.path, connections, warmup);
    await closedLoop(origin(floor) + answer.path, connections, warmup);
    const result: AnswerResult = { ...answer, bytes, app: [], floor: [] };
    for (let round = 0; round < rounds; round++) {
      for (const which of ['app', 'floor', 'floor', 'app'] as const) {
        const server = which === 'app' ? app : floor;
        const run = await measure(server, origin(server) + answer.path);
        result[which].push(run);
        log(
          `  round ${round + 1} ${which.padEnd(5)} p50 ${run.http.p50.toFixed(2)} ms, p99 ${run.http.p99.toFixed(2)} ms, ` +
            `${run.http.rps.toFixed(0)}/s, ${run.cpuMsPerRequest.toFixed(3)} ms CPU, ${run.http.failures} errors`,
        );
      }
    }
    results.push(result);
  }

  const load = { start: machine.loadAverageAtStart, end: loadAverage() };
  log(`\n## ${engine}: each answer, app ÷ floor (the app without its reputation statement)\n`);
  log(
    `${rounds} rounds of A B B A, ${seconds} s each, ${connections} connection(s); medians over each side's runs\n`,
  );
  log(resultTable(results));
  log(`\n${goalLines(results).join('\n')}`);
  log(`load average: ${load.start} at the start, ${load.end} at the end`);
  if (args.json) {
    const json = {
      ...resultJson(results),
      engine,
      population: { size, rows: population.rows, busy: population.busy, ordinary: population.ordinary },
      machine,
      load,
      seconds,
      rounds,
      connections,
      date: new Date().toISOString(),
    };
    writeFileSync(args.json, JSON.stringify(json, null, 2));
    log(`JSON written to ${args.json}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
