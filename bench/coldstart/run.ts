/**
 * bench/coldstart: from spawning the built server (`node apps/server/dist/server.js`) to its first 200 on
 * GET /readyz and on GET /api/Marketplace/products, on PGlite with an existing data directory and on PostgreSQL
 * with an existing database, next to a bare Fastify process (bench/coldstart/bare.mjs) in the same run. The three
 * alternate (rotated order), `--starts` times each; medians are compared. Then one more start of each kind of the
 * app, side by side, answers the feed page once and stays idle: its resident memory is read from /proc after
 * `--idle-seconds` (60). See docs/benchmarks.md, "bench/coldstart".
 *
 *   npm run build && npm run bench:coldstart [-- --starts 5 --idle-seconds 60 --server PATH --json FILE]
 *   npm run bench:coldstart -- --quick          # one start each, memory after 60 s
 *
 * Each data store is created first by one start with the demo data (that start is timed too, apart). The
 * PostgreSQL database rummage_bench_coldstart_<timestamp> is made on BENCH_DATABASE_URL's server and dropped at
 * the end; the PGlite directory is a temporary one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, stopChild } from '../feed/app-process.js';
import { createDatabase, databaseUrl, dropDatabase, serverInfo } from '../feed/database.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import { markdownTable, median } from '../feed/report.js';

/**
 * The goals (docs/benchmarks.md, coldstart.*): median spawn → first feed page, and resident memory when idle. The
 * times were set on a quiet machine where bare Fastify answered in about 166 ms; on a loaded one they are judged
 * fairly as the same multiple of bare Fastify in the same run (`timesBare`: 1,000 ÷ 166 ≈ 6, 800 ÷ 166 ≈ 5).
 */
const GOALS = {
  pglite: { productsMs: 1_000, timesBare: 6, idleRssMb: 250 },
  pg: { productsMs: 800, timesBare: 5, idleRssMb: 150 },
} as const;
const DEADLINE_MS = 120_000;

const { values: args } = parseArgs({
  options: {
    starts: { type: 'string', default: '5' },
    quick: { type: 'boolean', default: false },
    'idle-seconds': { type: 'string', default: '60' },
    /** Another build of the server (an A/B against a copy of main's apps/server/dist inside this checkout). */
    server: { type: 'string' },
    json: { type: 'string' },
  },
});
const starts = args.quick ? 1 : Number(args.starts);
if (!Number.isInteger(starts) || starts < 1) throw new Error('--starts must be a positive whole number');
const idleSeconds = Number(args['idle-seconds']);
if (!(idleSeconds >= 0)) throw new Error('--idle-seconds must be a number ≥ 0');

// npm runs the bench in bench/: a relative --server is meant from where npm was called (INIT_CWD).
const serverScript = args.server
  ? resolve(process.env.INIT_CWD ?? process.cwd(), args.server)
  : join(repoRoot, 'apps/server/dist/server.js');
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
  /**
   * CPU the server process used up to its first feed page (user + system, from /proc): unlike the times, it
   * hardly grows when other work shares the machine, so an A/B of two builds on a busy machine can be read.
   */
  cpuMs: number;
  stopMs: number;
}

const running = new Set<ChildProcess>();

/** A process's resident memory in MB, from /proc: total, and its anonymous (heap, WebAssembly memory) part. */
function residentMb(pid: number): { rssMb: number; anonymousMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, anonymousMb: kb('RssAnon') / 1024 };
}

/** utime + stime of a process (fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s on Linux). */
function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Idle {
  kind: Kind;
  productsMs: number;
  idleSeconds: number;
  rssMb: number;
  anonymousMb: number;
}

async function startOnce(kind: Kind, idleFor?: number): Promise<Start & { idle?: Idle }> {
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
    const cpuMs = cpuTimeMs(child.pid!);
    let idle: Idle | undefined;
    if (idleFor !== undefined) {
      // Idle: no request after the first feed page, as a quiet community's server is between visits.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, idleFor * 1000 - products.okMs)));
      if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) while idle`);
      idle = { kind, productsMs: products.okMs, idleSeconds: idleFor, ...residentMb(child.pid!) };
    }
    const stopping = performance.now();
    await stopChild(child);
    return {
      idle,
      kind,
      listeningMs: Math.min(ready.answerMs, products.answerMs),
      readyMs: ready.okMs,
      productsMs: products.okMs,
      cpuMs,
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
const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'MISSED');

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
          `products ${ms(start.productsMs)} ms (CPU ${ms(start.cpuMs)} ms), ` +
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
      'CPU to products, median ms',
    ],
    kinds.map((kind) => [
      TITLES[kind],
      ms(of(kind, (s) => s.listeningMs)),
      ms(of(kind, (s) => s.readyMs)),
      ms(of(kind, (s) => s.productsMs)),
      all(kind, (s) => s.productsMs),
      (of(kind, (s) => s.productsMs) / bare.products).toFixed(1),
      ms(of(kind, (s) => s.cpuMs)),
    ]),
  );
  // Both at once: memory does not depend on the other process, and the run stays a minute shorter.
  log(`\nidle memory: one more start of each, ${idleSeconds} s after the spawn …`);
  const idle = (
    await Promise.all((['pglite', 'pg'] as const).map((kind) => startOnce(kind, idleSeconds)))
  ).map((start) => start.idle!);
  const memoryTable = markdownTable(
    ['', 'first feed page, ms', `resident after ${idleSeconds} s idle, MB`, 'of it anonymous, MB'],
    idle.map((i) => [TITLES[i.kind], ms(i.productsMs), i.rssMb.toFixed(0), i.anonymousMb.toFixed(0)]),
  );
  log(
    `\n# Results (${starts} starts each; load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()})\n`,
  );
  log(table);
  log('');
  log(memoryTable);
  log(
    `\nfirst starts (schema + demo data): PGlite ${ms(first[0]!.productsMs)} ms, PostgreSQL ${ms(first[1]!.productsMs)} ms`,
  );
  const goals = (['pglite', 'pg'] as const).flatMap((kind) => {
    const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const id = kind === 'pglite' ? 'coldstart.pglite' : 'coldstart.postgres';
    const productsMs = of(kind, (s) => s.productsMs);
    const rssMb = idle.find((i) => i.kind === kind)!.rssMb;
    return [
      {
        id,
        what: `${name}: first feed page, median`,
        value: productsMs,
        goal: GOALS[kind].productsMs,
        unit: 'ms',
      },
      {
        id: `${id}-vs-bare`,
        what: `${name}: first feed page ÷ bare Fastify's`,
        value: productsMs / bare.products,
        goal: GOALS[kind].timesBare,
        unit: '×',
      },
      {
        id: `${id}-idle-rss`,
        what: `${name}: resident after ${idleSeconds} s idle`,
        value: rssMb,
        goal: GOALS[kind].idleRssMb,
        unit: 'MB',
      },
    ].map((g) => ({ ...g, met: g.value <= g.goal }));
  });
  for (const g of goals) {
    log(
      `${g.id}: ${g.what} ${g.value.toFixed(g.unit === '×' ? 1 : 0)} ${g.unit}, goal ≤ ${g.goal} ${g.unit}: ` +
        verdict(g.value, g.goal),
    );
  }
  if (args.json) {
    const server = { script: serverScript, built: statSync(serverScript).mtime };
    // The figures by name first (`{ pglite: { medianMs, idleRssMb }, postgres: … }`), then everything measured.
    const figures = (kind: 'pglite' | 'pg') => ({
      medianMs: of(kind, (s) => s.productsMs),
      idleRssMb: idle.find((i) => i.kind === kind)!.rssMb,
      cpuMedianMs: of(kind, (s) => s.cpuMs),
    });
    const report = {
      pglite: figures('pglite'),
      postgres: figures('pg'),
      date: new Date(),
      machine,
      server,
      starts,
      idleSeconds,
      first,
      results,
      idle,
      goals,
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
