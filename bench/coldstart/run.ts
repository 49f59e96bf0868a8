/**
 * bench/coldstart: from spawning the built server (`node apps/server/dist/server.js`) to its first 200 on
 * GET /readyz and on GET /api/Marketplace/products, on PGlite with an existing data directory and on PostgreSQL
 * with an existing database, next to a bare Fastify process (bench/coldstart/bare.mjs) in the same run. The three
 * alternate (rotated order), `--starts` times each; medians are compared. See docs/benchmarks.md, "bench/coldstart".
 *
 *   npm run build && npm run bench:coldstart [-- --starts 5 --json FILE]
 *
 * Each data store is created first by one start with the demo data (that start is timed too, apart). The
 * PostgreSQL database rummage_bench_coldstart_<timestamp> is made on BENCH_DATABASE_URL's server and dropped at
 * the end; the PGlite directory is a temporary one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, stopChild } from '../feed/app-process.js';
import { createDatabase, databaseUrl, dropDatabase, serverInfo } from '../feed/database.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import { markdownTable, median } from '../feed/report.js';

const GOAL_PGLITE_MS = 2_000;
const DEADLINE_MS = 120_000;

const { values: args } = parseArgs({
  options: { starts: { type: 'string', default: '5' }, json: { type: 'string' } },
});
const starts = Number(args.starts);
if (!Number.isInteger(starts) || starts < 1) throw new Error('--starts must be a positive whole number');

const serverScript = join(repoRoot, 'apps/server/dist/server.js');
const bareScript = join(repoRoot, 'bench/coldstart/bare.mjs');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `rummage_bench_coldstart_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
const pgUrl = databaseUrl(adminUrl, dbName);
const workDir = mkdtempSync(join(os.tmpdir(), 'rummage-bench-coldstart-'));
const log = (line: string) => console.log(line);

type Kind = 'pglite' | 'pg' | 'bare';
const TITLES: Record<Kind, string> = {
  pglite: 'the app on PGlite (existing data directory)',
  pg: 'the app on PostgreSQL (existing database)',
  bare: 'bare Fastify (baseline)',
};

/** The real server's environment: what an operator sets, minus Redis (rate limits in memory). */
function envFor(kind: Kind, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.REDIS_URL;
  delete env.DATABASE_URL;
  if (kind === 'pglite') env.DATA_DIR = join(workDir, 'pglite-data');
  if (kind === 'pg') {
    env.DATA_DIR = join(workDir, 'pg-data');
    env.DATABASE_URL = pgUrl;
  }
  return env;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One GET on a fresh connection: the status, or 0 when nothing answers yet. */
function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.setTimeout(5_000, () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/**
 * Asks `url` every few milliseconds from `started` on; resolves with the time of its first answer of any status
 * (the server listens) and of its first 200.
 */
async function firstOk(url: string, started: number, child: ChildProcess) {
  let answerMs = NaN;
  while (performance.now() - started < DEADLINE_MS) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (code ${child.exitCode}) before ${url} answered`);
    const code = await status(url);
    if (code !== 0 && Number.isNaN(answerMs)) answerMs = performance.now() - started;
    if (code === 200) return { answerMs, okMs: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} gave no 200 within ${DEADLINE_MS} ms`);
}

interface Start {
  kind: Kind;
  /** First HTTP answer of any status: the process listens (503s may come first, see docs/benchmarks.md). */
  listeningMs: number;
  readyMs: number;
  productsMs: number;
  stopMs: number;
}

const running = new Set<ChildProcess>();

async function startOnce(kind: Kind): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [kind === 'bare' ? bareScript : serverScript], {
    cwd: repoRoot,
    env: envFor(kind, port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  try {
    const base = `http://127.0.0.1:${port}`;
    const [ready, products] = await Promise.all([
      firstOk(`${base}/readyz`, started, child),
      firstOk(`${base}/api/Marketplace/products?page=1&pageSize=12`, started, child),
    ]);
    const stopping = performance.now();
    await stopChild(child);
    return {
      kind,
      listeningMs: Math.min(ready.answerMs, products.answerMs),
      readyMs: ready.okMs,
      productsMs: products.okMs,
      stopMs: performance.now() - stopping,
    };
  } finally {
    await stopChild(child);
    running.delete(child);
  }
}

async function cleanUp(): Promise<void> {
  await Promise.all([...running].map(stopChild));
  await dropDatabase(adminUrl, dbName).catch((error: unknown) => console.error('drop failed:', error));
  rmSync(workDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

const ms = (value: number) => value.toFixed(0);

async function main() {
  if (!existsSync(serverScript)) throw new Error(`${serverScript} is missing: run npm run build first`);
  const machine = { ...describeMachine(), ...(await serverInfo(adminUrl)) };
  log(`# bench/coldstart: ${starts} starts each, interleaved`);
  log(machineLine(machine));
  log(`server build: ${serverScript}, ${statSync(serverScript).mtime.toISOString()}; ${machine.version}`);

  await createDatabase(adminUrl, dbName);
  const first: Start[] = [];
  for (const kind of ['pglite', 'pg'] as const) {
    const start = await startOnce(kind);
    first.push(start);
    log(`first start, ${kind} (creates the schema and the demo data): products ${ms(start.productsMs)} ms`);
  }

  const kinds: Kind[] = ['pglite', 'pg', 'bare'];
  const results: Start[] = [];
  for (let round = 0; round < starts; round++) {
    const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!);
    for (const kind of order) {
      const start = await startOnce(kind);
      results.push(start);
      log(
        `start ${round + 1}, ${kind}: listening ${ms(start.listeningMs)} ms, /readyz ${ms(start.readyMs)} ms, ` +
          `products ${ms(start.productsMs)} ms, ` +
          `SIGTERM → exit ${ms(start.stopMs)} ms`,
      );
    }
  }

  const of = (kind: Kind, pick: (s: Start) => number) =>
    median(results.filter((s) => s.kind === kind).map(pick));
  const all = (kind: Kind, pick: (s: Start) => number) =>
    results
      .filter((s) => s.kind === kind)
      .map((s) => ms(pick(s)))
      .join(' ');
  const bare = { products: of('bare', (s) => s.productsMs) };
  const table = markdownTable(
    [
      '',
      'first answer, median ms',
      'first 200 /readyz, median ms',
      'first 200 products, median ms',
      'products, every start',
      '÷ bare (products)',
    ],
    kinds.map((kind) => [
      TITLES[kind],
      ms(of(kind, (s) => s.listeningMs)),
      ms(of(kind, (s) => s.readyMs)),
      ms(of(kind, (s) => s.productsMs)),
      all(kind, (s) => s.productsMs),
      (of(kind, (s) => s.productsMs) / bare.products).toFixed(1),
    ]),
  );
  const pglite = of('pglite', (s) => s.productsMs);
  log(
    `\n# Results (${starts} starts each; load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()})\n`,
  );
  log(table);
  log(
    `\nfirst starts (schema + demo data): PGlite ${ms(first[0]!.productsMs)} ms, PostgreSQL ${ms(first[1]!.productsMs)} ms`,
  );
  log(
    `PGlite with an existing data directory: ${ms(pglite)} ms to the first feed page, goal ≤ ${GOAL_PGLITE_MS} ms: ` +
      (pglite <= GOAL_PGLITE_MS ? 'met' : 'missed'),
  );
  if (args.json) {
    writeFileSync(args.json, JSON.stringify({ date: new Date(), machine, starts, first, results }, null, 2));
    log(`\nwrote ${args.json}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
