/**
 * One feed scenario: the app's HTTP throughput against pgbench running the statements the app sent for that very
 * request, rounds interleaved (HTTP, pgbench, HTTP, pgbench…) at equal concurrency; then latency at 50% of the
 * measured maximum. Everything in one run on one machine, so the ratios hold even when absolute numbers drift.
 */
import { join } from 'node:path';
import { childrenCpuMs, processCpuMs, selfCpuMs } from './cpu.js';
import { atRate, getJson, paced, saturate, type HttpRun } from './http.js';
import { runPgbench, writeScript, type PgbenchResult } from './pgbench.js';
import { median, type ScenarioResult } from './report.js';
import type { CapturedQuery } from './server.js';

export interface ScenarioContext {
  /** The app, and the bare-Fastify floor, as http://127.0.0.1:port. */
  base: string;
  floorUrl: string;
  serverPid: number;
  databaseUrl: string;
  workDir: string;
  connections: number;
  seconds: number;
  warmup: number;
  rounds: number;
  captureQueries(target: string): Promise<CapturedQuery[]>;
  setFloorBody(body: unknown): void;
  /** Given with --explain: EXPLAIN ANALYZE of a captured statement. */
  explain?: (query: CapturedQuery) => Promise<string>;
  log(line: string): void;
}

export interface Scenario {
  title: string;
  query: string;
}

/** A measured HTTP run plus CPU milliseconds per request of the app process and of the load generator. */
async function measureHttp(ctx: ScenarioContext, pid: number, run: () => Promise<HttpRun>) {
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

export async function runScenario(ctx: ScenarioContext, scenario: Scenario, index: number) {
  const { log, connections, seconds } = ctx;
  const short = Math.max(3, Math.round(seconds / 2));
  const target = `${ctx.base}/api/Marketplace/products?${scenario.query}`;
  log(`\n## ${scenario.title}\nGET ${target.replace(ctx.base, '')}`);

  const check = await getJson(target);
  const cards = (check.body as { data?: unknown[] }).data?.length ?? -1;
  if (check.status !== 200 || cards < 1) {
    throw new Error(`the feed answered ${check.status}: ${JSON.stringify(check.body).slice(0, 300)}`);
  }
  const bytes = JSON.stringify(check.body).length;
  ctx.setFloorBody(check.body);
  const queries = await ctx.captureQueries(target);
  const feedQuery = queries.filter((query) => /"products"/.test(query.text) && /\blimit\b/i.test(query.text));
  if (feedQuery.length === 0) throw new Error('no feed query among the captured statements');
  const requestScript = join(ctx.workDir, `scenario-${index}-request.sql`);
  const feedScript = join(ctx.workDir, `scenario-${index}-feed.sql`);
  writeScript(requestScript, queries);
  writeScript(feedScript, feedQuery);
  const names = queries.map((query) => query.name ?? 'unnamed').join(', ');
  log(
    `${cards} cards, ${bytes} bytes of JSON; ${queries.length} statement${queries.length === 1 ? '' : 's'} per request (${names})`,
  );
  if (ctx.explain) for (const query of feedQuery) log(`\nEXPLAIN ANALYZE:\n${await ctx.explain(query)}\n`);

  const pgbench = (script: string, protocol: 'prepared' | 'extended', time: number) =>
    measurePgbench(() => runPgbench({ url: ctx.databaseUrl, script, connections, seconds: time, protocol }));

  await saturate(target, connections, ctx.warmup);
  const rounds: ScenarioResult['rounds'] = [];
  for (let round = 1; round <= ctx.rounds; round++) {
    const http = await measureHttp(ctx, ctx.serverPid, () => saturate(target, connections, seconds));
    const db = await pgbench(requestScript, 'prepared', seconds);
    const ratio = http.http.rps / db.tps;
    rounds.push({ ...http, pgbench: db, ratio });
    log(
      `round ${round}: HTTP ${http.http.rps.toFixed(0)} req/s (p50 ${http.http.p50} ms, p99 ${http.http.p99} ms, ` +
        `app ${http.serverCpuMs.toFixed(2)} CPU ms/req) | pgbench ${db.tps.toFixed(0)} tps ` +
        `(${db.latencyAvgMs} ms avg) | ratio ${ratio.toFixed(2)}`,
    );
    if (http.http.failures > 0 || db.failed > 0)
      throw new Error('requests or transactions failed: invalid run');
  }
  const maxRps = median(rounds.map((round) => round.http.rps));
  const extended = await pgbench(requestScript, 'extended', short);
  const feedOnly = await pgbench(feedScript, 'prepared', short);
  const floor = await measureHttp(ctx, ctx.serverPid, () => saturate(ctx.floorUrl, connections, short));
  log(
    `pgbench -M extended ${extended.tps.toFixed(0)} tps | feed query only ${feedOnly.tps.toFixed(0)} tps | ` +
      `bare Fastify, same JSON ${floor.http.rps.toFixed(0)} req/s (${floor.serverCpuMs.toFixed(2)} CPU ms/req)`,
  );

  const rate = maxRps / 2;
  const burst = await atRate(target, rate, connections, seconds);
  log(`autocannon -R ${rate.toFixed(0)}: p50 ${burst.p50.toFixed(1)} ms, p99 ${burst.p99.toFixed(1)} ms`);
  const even = await paced(target, rate, connections, seconds);
  log(`paced ${rate.toFixed(0)} req/s: p50 ${even.p50.toFixed(1)} ms, p99 ${even.p99.toFixed(1)} ms`);
  if (burst.failures + even.failures > 0) throw new Error('requests failed during the rate runs');

  return {
    name: scenario.title,
    path: target.replace(ctx.base, ''),
    cards,
    bytes,
    statements: queries.length,
    named: queries.filter((query) => query.name !== undefined).length,
    rounds,
    ratio: median(rounds.map((round) => round.ratio)),
    extended,
    ratioExtended: maxRps / extended.tps,
    feedOnly,
    floor: floor.http,
    rate,
    atRate: burst,
    paced: even,
  } satisfies ScenarioResult;
}
