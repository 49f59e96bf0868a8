/**
 * HTTP load: autocannon at full speed (closed loop, fixed connections), autocannon at a fixed `overallRate`, a
 * paced open-loop generator (see `paced`) for latency at a given rate without autocannon's per-second bursts, and
 * a closed loop timed to the microsecond (`closedLoop`, bench/profile).
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';

export interface HttpRun {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, socket errors and timeouts together: anything but 0 invalidates the run. */
  failures: number;
  /**
   * Paced runs: the longest the load generator's own event loop was held up (ms). Every request due meanwhile is
   * charged for it, whatever the server did, so a tail near this figure is the generator's, not the server's.
   */
  generatorStallMs?: number;
  /**
   * Paced runs of bench/feed: the longest the server's own event loop was held up (ms). A tail far above it and
   * above the generator's was spent waiting outside the process (PostgreSQL, the kernel).
   */
  serverStallMs?: number;
  /**
   * Paced runs of bench/feed: how much the server's V8 old generation grew over the run (MB; negative when a full
   * collection emptied it), and how many full collections ran. Megabytes of growth per run with no full collection
   * is requests' garbage kept in the old generation, which a full collection later stops the process to clear.
   */
  serverOldGenerationMb?: number;
  serverFullGcs?: number;
}

/** Exact percentile of a list of milliseconds (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const failuresOf = (result: Result) => result.non2xx + result.errors + result.timeouts;

/** As many requests as `connections` keep-alive connections can carry, for `seconds`. */
export async function saturate(url: string, connections: number, seconds: number): Promise<HttpRun> {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  return {
    rps: result['2xx'] / result.duration,
    requests: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: failuresOf(result),
  };
}

/**
 * autocannon with `overallRate`. Its rate limiter lets each connection send its share of a second back to back as
 * soon as the second starts, so the load arrives in bursts; latencies come from each response's own timing (the
 * coordinated-omission correction is off because autocannon 8 computes its expected interval as 1 ms).
 */
export async function atRate(
  url: string,
  rate: number,
  connections: number,
  seconds: number,
): Promise<HttpRun> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    overallRate: Math.max(1, Math.round(rate)),
    ignoreCoordinatedOmission: true,
    timeout: 10,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  return {
    rps: result['2xx'] / result.duration,
    requests: result['2xx'],
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: failuresOf(result),
  };
}

/** One GET on `agent`: its latency in ms, counted from `from`, or undefined when it was no 200 or failed. */
function timedGet(url: string, agent: http.Agent, from: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - from : undefined));
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(undefined));
  });
}

/** A run from latencies timed here (ms) over `elapsed` seconds. */
const timedRun = (latencies: number[], failures: number, elapsed: number): HttpRun => ({
  rps: latencies.length / elapsed,
  requests: latencies.length,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  failures,
});

/**
 * Open loop at an even pace: request i is due at start + i / rate and its latency counts from that moment, so a
 * request that waits for a free socket (all `sockets` busy) is charged for the wait (no coordinated omission).
 */
export async function paced(url: string, rate: number, sockets: number, seconds: number): Promise<HttpRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(rate * seconds);
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const fire = async (due: number) => {
    // From when it was due, or when it left if that was earlier (the wait below skips the last millisecond).
    const ms = await timedGet(url, agent, Math.min(due, performance.now()));
    if (ms === undefined) failures++;
    else latencies.push(ms);
  };
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(fire(due));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  stalls.disable();
  agent.destroy();
  return { ...timedRun(latencies, failures, elapsed), generatorStallMs: stalls.max / 1e6 };
}

/**
 * Closed loop for latency: `connections` keep-alive sockets, each sending its next request as soon as the answer
 * before it has arrived, for `seconds`. Every latency is timed here (performance.now), to the microsecond, where
 * autocannon's histogram keeps whole milliseconds: an answer of 2 ms is then told from one of 2.4 ms.
 */
export async function closedLoop(url: string, connections: number, seconds: number): Promise<HttpRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const one = async () => {
    const ms = await timedGet(url, agent, performance.now());
    if (ms === undefined) failures++;
    else latencies.push(ms);
  };
  const loop = async () => {
    while (performance.now() < until) await one();
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return timedRun(latencies, failures, elapsed);
}

/** One GET, for checks before the load: status and parsed body. */
export async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body };
}
