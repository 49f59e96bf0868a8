/**
 * One feed scenario: the app against its floor (bench/feed/floor.ts: the same statements and JSON from plain
 * node:http), at equal concurrency, in rounds of A B B A (app, floor, floor, app) so drift over the run weighs on
 * both alike; then the latency at half the app's measured maximum, paced, app and floor again in rounds of
 * A B B A. Everything in one run on one machine, so the ratios hold even when absolute numbers drift.
 */
import { join } from 'node:path';
import { childrenCpuMs, processCpuMs, selfCpuMs } from './cpu.js';
import { atRate, paced as pacedRun, saturate, type HttpRun } from './http.js';
import type { ProcessWatch } from './loop-delay.js';
import { runPgbench, writeScript, type PgbenchResult } from './pgbench.js';
import { median, type Measured, type ScenarioResult } from './report.js';
import type { CapturedQuery } from './server.js';

/** A server under load: its address (http://127.0.0.1:port) and its process, whose CPU is measured. */
export interface Target {
  base: string;
  pid: number;
  /** Its event loop's longest delay and full GCs since the previous call, and its old generation (loop-delay.ts). */
  watch(): Promise<ProcessWatch>;
}

export interface ScenarioContext {
  app: Target;
  floor: Target;
  databaseUrl: string;
  workDir: string;
  connections: number;
  seconds: number;
  warmup: number;
  rounds: number;
  /** Also run the app's statements with pgbench (-M prepared), as extra information. */
  pgbench: boolean;
  captureQueries(target: string): Promise<CapturedQuery[]>;
  /** Given with --explain: EXPLAIN ANALYZE of a captured statement. */
  explain?: (query: CapturedQuery) => Promise<string>;
  log(line: string): void;
}

export interface Scenario {
  title: string;
  query: string;
}

const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };
const RADIUS_KM = 25 * 1.60934;
const radius = `latitude=${CHICAGO.latitude}&longitude=${CHICAGO.longitude}&radiusKm=${RADIUS_KM}`;
/** The four feed requests of bench/feed, by the key --scenarios names them with. */
export const FEED_SCENARIOS: Record<string, Scenario> = {
  radius: { title: 'a) 25 mi around Chicago', query: `page=1&pageSize=12&${radius}` },
  'radius-search': {
    title: 'b) 25 mi + search "vintage"',
    query: `page=1&pageSize=12&${radius}&search=vintage`,
  },
  'no-location': { title: 'c) no location, no search', query: 'page=1&pageSize=12' },
  // Only the uniform 30% reaches here: ~100 listings in the circle, so the newest-first window cannot fill a page.
  sparse: {
    title: 'd) 25 mi around Pierre, SD',
    query: `page=1&pageSize=12&latitude=44.3683&longitude=-100.351&radiusKm=${RADIUS_KM}`,
  },
};

/** What a paced run did to the server's process, from its watch before and after the run. */
function serverWatch(before: ProcessWatch, after: ProcessWatch): Partial<HttpRun> {
  return {
    serverStallMs: after.maxMs,
    serverOldGenerationMb: (after.oldGenerationBytes - before.oldGenerationBytes) / 2 ** 20,
    serverFullGcs: after.fullGcs,
  };
}

const signedMb = (mb: number | undefined) =>
  mb === undefined ? '?' : `${mb >= 0 ? '+' : ''}${mb.toFixed(1)}`;

/** A measured HTTP run plus CPU milliseconds per request of the server process and of the load generator. */
async function measureHttp(pid: number, run: () => Promise<HttpRun>): Promise<Measured> {
  const server = processCpuMs(pid);
  const client = selfCpuMs();
  const http = await run();
  const per = (ms: number) => (http.requests > 0 ? ms / http.requests : NaN);
  return { http, serverCpuMs: per(processCpuMs(pid) - server), clientCpuMs: per(selfCpuMs() - client) };
}

async function measurePgbench(run: () => Promise<PgbenchResult>) {
  const before = childrenCpuMs();
  const result = await run();
  return { ...result, clientCpuMs: (childrenCpuMs() - before) / Math.max(1, result.transactions) };
}

const BEFORE = /"before":"[^"]*"/;

/** Both answer 200 with cards, and the same bytes but for the moment each read "now" at. */
async function checkSameAnswer(appUrl: string, floorUrl: string) {
  const app = await fetch(appUrl);
  const appText = await app.text();
  const cards = app.status === 200 ? ((JSON.parse(appText) as { data?: unknown[] }).data?.length ?? -1) : -1;
  if (cards < 1) throw new Error(`the feed answered ${app.status}: ${appText.slice(0, 300)}`);
  const floor = await fetch(floorUrl);
  const floorText = await floor.text();
  if (floorText.replace(BEFORE, '') !== appText.replace(BEFORE, '')) {
    throw new Error(
      `the floor's JSON differs from the app's, so it is no floor (run apps/server's floor.test.ts):\n` +
        `app   ${appText.slice(0, 300)}\nfloor ${floorText.slice(0, 300)}`,
    );
  }
  return { cards, bytes: Buffer.byteLength(appText) };
}

export async function runScenario(
  ctx: ScenarioContext,
  scenario: Scenario,
  index: number,
): Promise<ScenarioResult> {
  const { log, connections, seconds } = ctx;
  const path = `/api/Marketplace/products?${scenario.query}`;
  const appUrl = `${ctx.app.base}${path}`;
  const floorUrl = `${ctx.floor.base}${path}`;
  log(`\n## ${scenario.title}\nGET ${path}`);

  const { cards, bytes } = await checkSameAnswer(appUrl, floorUrl);
  const queries = await ctx.captureQueries(appUrl);
  const names = queries.map((query) => query.name ?? 'unnamed').join(', ');
  log(
    `${cards} cards, ${bytes} bytes of JSON, the floor's byte for byte; ${queries.length} statement` +
      `${queries.length === 1 ? '' : 's'} per request (${names})`,
  );
  const feedQuery = queries.filter((query) => /"products"/.test(query.text) && /\blimit\b/i.test(query.text));
  if (ctx.explain) for (const query of feedQuery) log(`\nEXPLAIN ANALYZE:\n${await ctx.explain(query)}\n`);

  await saturate(appUrl, connections, ctx.warmup);
  await saturate(floorUrl, connections, ctx.warmup);
  const app: Measured[] = [];
  const floor: Measured[] = [];
  const one = async (who: 'app' | 'floor') => {
    const target = who === 'app' ? ctx.app : ctx.floor;
    const measured = await measureHttp(target.pid, () =>
      saturate(who === 'app' ? appUrl : floorUrl, connections, seconds),
    );
    if (measured.http.failures > 0) throw new Error(`${who}: requests failed, invalid run`);
    (who === 'app' ? app : floor).push(measured);
    log(
      `  ${who.padEnd(5)} ${measured.http.rps.toFixed(0)} req/s, p50 ${measured.http.p50} ms, p99 ` +
        `${measured.http.p99} ms, ${measured.serverCpuMs.toFixed(3)} CPU ms/req`,
    );
  };
  for (let round = 1; round <= ctx.rounds; round++) {
    log(`round ${round} (A B B A):`);
    for (const who of ['app', 'floor', 'floor', 'app'] as const) await one(who);
  }
  const appRps = median(app.map((run) => run.http.rps));
  const floorRps = median(floor.map((run) => run.http.rps));

  let pgbench: ScenarioResult['pgbench'];
  if (ctx.pgbench) {
    const script = join(ctx.workDir, `scenario-${index}-request.sql`);
    writeScript(script, queries);
    const short = Math.max(3, Math.round(seconds / 2));
    pgbench = await measurePgbench(() =>
      runPgbench({ url: ctx.databaseUrl, script, connections, seconds: short, protocol: 'prepared' }),
    );
    log(`pgbench -M prepared, the same statements: ${pgbench.tps.toFixed(0)} tps`);
  }

  // Latency at half the app's maximum: autocannon -R once (its bursts, as information), then the paced open loop
  // in rounds of A B B A at the same rate for the app and its floor, whose p99s (medians) the goal compares.
  const rate = appRps / 2;
  const burst = await atRate(appUrl, rate, connections, seconds);
  log(`app at ${rate.toFixed(0)} req/s, autocannon -R: p50 ${burst.p50.toFixed(1)} ms, p99 ${burst.p99.toFixed(1)} ms`); // prettier-ignore
  const paced: { app: HttpRun[]; floor: HttpRun[] } = { app: [], floor: [] };
  // Unmeasured, each side at the same pace: the tails of the first paced runs after full load were the
  // machine settling (docs/benchmarks-history.md, "1M listings on a faster machine").
  for (const url of [appUrl, floorUrl]) await pacedRun(url, rate, connections, ctx.warmup * 2);
  // As many rounds as the throughput's: one round's two runs a side let one stall of the shared machine decide.
  const order = Array.from({ length: ctx.rounds }, () => ['app', 'floor', 'floor', 'app'] as const).flat();
  for (const who of order) {
    const target = who === 'app' ? ctx.app : ctx.floor;
    const before = await target.watch(); // starts its watch over
    const even = await pacedRun(who === 'app' ? appUrl : floorUrl, rate, connections, seconds);
    if (even.failures > 0) throw new Error(`${who}: requests failed during the paced run`);
    Object.assign(even, serverWatch(before, await target.watch()));
    paced[who].push(even);
    log(`${who.padEnd(5)} at ${rate.toFixed(0)} req/s, paced: p50 ${even.p50.toFixed(1)} ms, p99 ${even.p99.toFixed(1)} ms (its event loop stalled up to ${even.serverStallMs?.toFixed(1)} ms, the generator's ${even.generatorStallMs?.toFixed(1)} ms; its old generation ${signedMb(even.serverOldGenerationMb)} MB, ${even.serverFullGcs} full GCs)`); // prettier-ignore
  }
  if (burst.failures > 0) throw new Error('requests failed during the autocannon -R run');

  return {
    name: scenario.title,
    path,
    cards,
    bytes,
    statements: queries.length,
    named: queries.filter((query) => query.name !== undefined).length,
    app,
    floor,
    appRps,
    floorRps,
    ratio: appRps / floorRps,
    halfLoad: { rate, atRate: burst, paced: paced.app, floorPaced: paced.floor },
    pgbench,
  };
}
