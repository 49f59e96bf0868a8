/**
 * bench/feed's long run: N feed requests to one app process, the four scenarios in turn on 16
 * connections, and the app's CPU per request, heap and GC pauses per window. The goal: CPU ms per request in the
 * last window ≤ 1.1× the first's, a process that has served a million requests as cheap as a fresh one.
 *
 * Run by `npm run bench:feed -- --long-run N` (a fresh app process after the scenarios), or alone on a database
 * kept with --keep:
 *
 *   npx tsx bench/feed/long-run.ts --url postgres://postgres@127.0.0.1:5432/rummage_bench_… --requests 300000 \
 *     [--window 60] [--connections 16] [--visitors N: distinct anonymous readers]
 *     [--heap-snapshots DIR: one after the warm-up, one after the load]
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startAppProcess, type AppProcess } from './app-process.js';
import { processCpuMs } from './cpu.js';
import { saturate } from './http.js';
import type { MemorySample, ServerMessage } from './server.js';

const LIMIT_RATIO = 1.1;

export interface LongRunWindow {
  /** Seconds since the load started, at the end of the window. */
  atSeconds: number;
  requests: number;
  cpuMsPerRequest: number;
  /** GC pause milliseconds per request in the window. */
  gcMsPerRequest: number;
  heapUsedMb: number;
  rssMb: number;
}

export interface LongRunResult {
  requests: number;
  windowSeconds: number;
  failures: number;
  windows: LongRunWindow[];
  first: LongRunWindow;
  last: LongRunWindow;
  /** last.cpuMsPerRequest ÷ first.cpuMsPerRequest (goal ≤ 1.1). */
  ratio: number;
  met: boolean;
  heapSnapshots: string[];
}

function ask<T extends ServerMessage['type']>(
  app: AppProcess,
  type: T,
  message: Parameters<AppProcess['send']>[0],
): Promise<Extract<ServerMessage, { type: T }>> {
  return new Promise((done) => {
    const onMessage = (reply: ServerMessage) => {
      if (reply.type !== type) return;
      app.child.off('message', onMessage);
      done(reply as Extract<ServerMessage, { type: T }>);
    };
    app.child.on('message', onMessage);
    app.send(message);
  });
}

const memoryOf = async (app: AppProcess): Promise<MemorySample> =>
  (await ask(app, 'memory', { type: 'memory' })).memory;

export async function longRun(options: {
  app: AppProcess;
  /** Feed queries (the part after `?`), sent in turn by every connection. */
  queries: string[];
  requests: number;
  connections: number;
  windowSeconds: number;
  /**
   * Distinct anonymous readers (a user agent each, all from 127.0.0.1): the app keeps a feed snapshot per reader
   * and query, so many readers fill its memo to its cap. 1 by default, as the scenarios run.
   */
  visitors?: number;
  heapSnapshotDir?: string;
  log(line: string): void;
}): Promise<LongRunResult> {
  const { app, queries, requests, connections, windowSeconds, log } = options;
  const base = `http://127.0.0.1:${app.port}`;
  const pid = app.child.pid!;
  for (const query of queries) await saturate(`${base}/api/Marketplace/products?${query}`, connections, 1);
  const heapSnapshots: string[] = [];
  const snapshot = async (name: string) => {
    if (!options.heapSnapshotDir) return;
    const file = resolve(join(options.heapSnapshotDir, `${name}-${Date.now()}.heapsnapshot`));
    heapSnapshots.push((await ask(app, 'heapSnapshot', { type: 'heapSnapshot', file })).file);
    log(`heap snapshot: ${heapSnapshots.at(-1)}`);
  };
  await snapshot('early');

  let reader = 0;
  const visitors = options.visitors ?? 1;
  const nextReader = () => ({ 'user-agent': `rummage-bench-reader-${(reader = (reader + 1) % visitors)}` });
  let answered = 0;
  const windows: LongRunWindow[] = [];
  let mark = { at: performance.now(), answered: 0, cpu: processCpuMs(pid), memory: await memoryOf(app) };
  const started = mark.at;
  const close = async () => {
    const now = { at: performance.now(), answered, cpu: processCpuMs(pid), memory: await memoryOf(app) };
    const count = now.answered - mark.answered;
    if (count > 0) {
      const window: LongRunWindow = {
        atSeconds: (now.at - started) / 1000,
        requests: count,
        cpuMsPerRequest: (now.cpu - mark.cpu) / count,
        gcMsPerRequest: (now.memory.gcMs - mark.memory.gcMs) / count,
        heapUsedMb: now.memory.heapUsed / 2 ** 20,
        rssMb: now.memory.rss / 2 ** 20,
      };
      windows.push(window);
      log(
        `${window.atSeconds.toFixed(0).padStart(5)} s  ${String(answered).padStart(9)} requests  ` +
          `CPU ${window.cpuMsPerRequest.toFixed(3)} ms/req  GC ${(window.gcMsPerRequest * 1000).toFixed(0)} µs/req  ` +
          `heap ${window.heapUsedMb.toFixed(1)} MB  RSS ${window.rssMb.toFixed(0)} MB`,
      );
    }
    mark = now;
  };
  let closing = Promise.resolve();
  const timer = setInterval(() => (closing = closing.then(close)), windowSeconds * 1000);
  const load = autocannon({
    url: base,
    connections,
    amount: requests,
    timeout: 10,
    requests: queries.map((query) => ({
      method: 'GET',
      path: `/api/Marketplace/products?${query}`,
      ...(visitors > 1 && { setupRequest: (request: object) => ({ ...request, headers: nextReader() }) }),
    })),
  });
  load.on('response', (_client, status) => {
    if (status === 200) answered++;
  });
  const result = await load;
  clearInterval(timer);
  await closing;
  // The tail shorter than half a window is too noisy to stand for the last minute; it still counts in the total.
  if ((performance.now() - mark.at) / 1000 >= windowSeconds / 2) await close();
  await snapshot('late');
  if (windows.length === 0) throw new Error('the long run ended before its first window');
  const first = windows[0]!;
  const last = windows.at(-1)!;
  const ratio = last.cpuMsPerRequest / first.cpuMsPerRequest;
  return {
    requests: answered,
    windowSeconds,
    failures: result.non2xx + result.errors + result.timeouts,
    windows,
    first,
    last,
    ratio,
    met: ratio <= LIMIT_RATIO,
    heapSnapshots,
  };
}

export function longRunLine(result: LongRunResult): string {
  const w = (window: LongRunWindow) =>
    `${window.cpuMsPerRequest.toFixed(3)} ms/req (GC ${(window.gcMsPerRequest * 1000).toFixed(0)} µs/req, ` +
    `heap ${window.heapUsedMb.toFixed(1)} MB)`;
  if (result.windows.length < 2)
    return (
      `long run: ${result.requests.toLocaleString('en-US')} requests fit in one window: ${w(result.first)}; ` +
      `too short to compare a first minute with a last (send more requests)`
    );
  return (
    `long run: ${result.requests.toLocaleString('en-US')} requests, ${result.failures} failed; ` +
    `first ${result.windowSeconds} s ${w(result.first)}, last ${w(result.last)}; ` +
    `last ÷ first ${result.ratio.toFixed(2)} (goal ≤ ${LIMIT_RATIO}: ${result.met ? 'met' : 'missed'})`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      requests: { type: 'string', default: '1000000' },
      window: { type: 'string', default: '60' },
      connections: { type: 'string', default: '16' },
      visitors: { type: 'string', default: '1' },
      'heap-snapshots': { type: 'string' },
      queries: { type: 'string', multiple: true },
    },
  });
  if (!args.url) throw new Error('--url of a bench database is required');
  const { FEED_SCENARIOS } = await import('./scenario.js');
  const app = await startAppProcess(args.url);
  try {
    const result = await longRun({
      app,
      queries: args.queries ?? Object.values(FEED_SCENARIOS).map((scenario) => scenario.query),
      requests: Number(args.requests.replace(/_/g, '')),
      connections: Number(args.connections),
      windowSeconds: Number(args.window),
      visitors: Number(args.visitors),
      heapSnapshotDir: args['heap-snapshots'],
      log: (line) => console.log(line),
    });
    console.log(longRunLine(result));
  } finally {
    await app.stop();
  }
}
