/**
 * The app under test, in a process of its own (spawned by run.ts with an IPC channel) so the load generator's
 * CPU never shares this event loop. It is the real app: buildApp with its config from the environment, on
 * PostgreSQL (PGlite in BENCH_DATA_DIR when DATABASE_URL is empty), logger and jobs off, no demo data, global rate
 * limit raised out of the way.
 *
 * Messages: it sends `{ type: 'listening', port }` once ready. `{ type: 'capture' }` makes it record
 * every query the database pool receives until `{ type: 'captured' }`, which it answers with
 * `{ type: 'queries', queries }` (the wrapper is removed again, so measurements run through the untouched pool).
 * A named prepared statement is recorded like any other, text and values, plus its name.
 *
 * `{ type: 'loopDelay' }` is answered with the longest delay of its event loop since the last ask (loop-delay.ts).
 *
 * For long runs (bench/feed/long-run.ts): `{ type: 'memory' }` is answered with `{ type: 'memory', memory }`
 * (process.memoryUsage() plus the GC pauses seen since the first such message: the observer starts then, so the
 * ordinary bench runs without it), and `{ type: 'heapSnapshot', file }` writes a V8 heap snapshot there and answers
 * `{ type: 'heapSnapshot', file }` once written (the process stops for seconds while it does).
 *
 * The floor both benches measure it against is another process: bench/feed/floor.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import type pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { keepShortLivedObjectsYoung } from '../../apps/server/src/lib/garbage-collector.js';
import { answerLoopDelayAsks } from './loop-delay.js';

export interface CapturedQuery {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the app sent it as a named statement (parsed once per connection). */
  name?: string;
}

export interface MemorySample {
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  /** Milliseconds of GC pauses and their count since the first `memory` message. */
  gcMs: number;
  gcCount: number;
}

export type ServerMessage =
  | { type: 'listening'; port: number }
  | { type: 'queries'; queries: CapturedQuery[] }
  | { type: 'memory'; memory: MemorySample }
  | { type: 'heapSnapshot'; file: string };
export type ControlMessage =
  { type: 'capture' } | { type: 'captured' } | { type: 'memory' } | { type: 'heapSnapshot'; file: string };

// As the server's entry point does (server.ts): V8's allocation-site pretenuring off before buildApp's start-up
// work. BENCH_V8_PRETENURING=on leaves V8's default instead, to measure what that changes
// (bench/feed/pretenuring.ts).
if (process.env.BENCH_V8_PRETENURING !== 'on') keepShortLivedObjectsYoung();
const send = (message: ServerMessage) => process.send?.(message);
answerLoopDelayAsks();

// BENCH_DATA_DIR: a data directory the bench prepared (bench/hub-burst: PGlite with its people); kept afterwards.
const preparedDataDir = process.env.BENCH_DATA_DIR;
const dataDir = preparedDataDir || mkdtempSync(join(tmpdir(), 'rummage-bench-'));
const config = loadConfig({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  CAPTCHA_PROVIDER: 'altcha',
  ALTCHA_HMAC_KEY: 'bench-altcha-hmac-key-0123456789',
  RATE_LIMIT_GLOBAL_MAX: '1000000',
  RATE_LIMIT_GLOBAL_WINDOW_MS: '1000',
  REDIS_URL: '',
});
const app = await buildApp(config, { logger: false, jobs: false });
await app.listen({ host: config.host, port: 0 });

const pool = (app.parts.storage.database.db as unknown as { $client: pg.Pool }).$client;
const originalQuery = pool.query;
let captured: CapturedQuery[] = [];
let gc: { observer: PerformanceObserver; ms: number; count: number } | undefined;

function memorySample(): MemorySample {
  if (!gc) {
    const started = { ms: 0, count: 0 };
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        started.ms += entry.duration;
        started.count++;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    gc = Object.assign(started, { observer });
  }
  const { heapUsed, heapTotal, rss, external } = process.memoryUsage();
  return { heapUsed, heapTotal, rss, external, gcMs: gc.ms, gcCount: gc.count };
}

process.on('message', (message: ControlMessage) => {
  if (message.type === 'capture') {
    captured = [];
    pool.query = function (this: pg.Pool, ...args: unknown[]) {
      type Config = { text: string; values?: unknown[]; name?: string };
      const [first, second] = args as [string | Config, unknown[] | undefined];
      const text = typeof first === 'string' ? first : first.text;
      const values = Array.isArray(second) ? second : typeof first === 'string' ? [] : (first.values ?? []);
      captured.push({ text, values, name: typeof first === 'string' ? undefined : first.name });
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pool.query;
  } else if (message.type === 'captured') {
    pool.query = originalQuery;
    send({ type: 'queries', queries: captured });
  } else if (message.type === 'memory') {
    send({ type: 'memory', memory: memorySample() });
  } else if (message.type === 'heapSnapshot') {
    send({ type: 'heapSnapshot', file: writeHeapSnapshot(message.file) });
  }
});

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => undefined);
  if (!preparedDataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
process.on('disconnect', () => void close());

const portOf = (server: typeof app.server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
send({ type: 'listening', port: portOf(app.server) });
