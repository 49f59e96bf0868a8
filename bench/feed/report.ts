/** The closing tables of bench/feed and its --json summary, as Markdown (pasted as they are into docs/benchmarks.md). */
import type { HttpRun } from './http.js';
import type { PgbenchResult } from './pgbench.js';

type Pgbench = PgbenchResult & { clientCpuMs: number };

/** One saturating run: req/s and latencies, CPU ms per request of the server and of autocannon. */
export interface Measured {
  http: HttpRun;
  serverCpuMs: number;
  clientCpuMs: number;
}

export interface ScenarioResult {
  name: string;
  path: string;
  cards: number;
  bytes: number;
  /** SQL statements the request sent. */
  statements: number;
  /** How many of them were named prepared statements (parsed and planned once per connection). */
  named: number;
  /** The app's and the floor's runs, in the order A B B A per round. */
  app: Measured[];
  floor: Measured[];
  /** Medians over the runs. */
  appRps: number;
  floorRps: number;
  /** appRps ÷ floorRps. */
  ratio: number;
  /** The app at half its req/s: autocannon -R and the paced open loop. */
  halfLoad: { rate: number; atRate: HttpRun; paced: HttpRun };
  /** With --pgbench: the same statements run by pgbench -M prepared (extra information, no goal). */
  pgbench?: Pgbench;
}

/** The `scenarios` of --json (issue 20): one entry per scenario, medians over the runs. */
export function summary(r: ScenarioResult) {
  const cpu = (runs: Measured[]) => median(runs.map((run) => run.serverCpuMs));
  const p99 = (runs: Measured[]) => median(runs.map((run) => run.http.p99));
  return {
    name: r.name,
    appRps: r.appRps,
    floorRps: r.floorRps,
    ratio: r.ratio,
    appCpuMsPerReq: cpu(r.app),
    floorCpuMsPerReq: cpu(r.floor),
    p99Ms: p99(r.app),
    floorP99Ms: p99(r.floor),
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, i) => (i === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function resultTables(results: ScenarioResult[], goals: { p99Ms: number }): string {
  const throughput = markdownTable(
    [
      'scenario',
      'app req/s',
      'floor req/s',
      'app ÷ floor',
      'app / floor CPU ms/req',
      'CPU app ÷ floor',
      'app / floor p99 ms',
      'JSON bytes',
    ],
    results.map((r) => {
      const s = summary(r);
      return [
        r.name,
        r.app.map((run) => fixed(run.http.rps)).join(' / '),
        r.floor.map((run) => fixed(run.http.rps)).join(' / '),
        fixed(s.ratio, 2),
        `${fixed(s.appCpuMsPerReq, 3)} / ${fixed(s.floorCpuMsPerReq, 3)}`,
        fixed(s.appCpuMsPerReq / s.floorCpuMsPerReq, 2),
        `${fixed(s.p99Ms, 1)} / ${fixed(s.floorP99Ms, 1)}`,
        String(r.bytes),
      ];
    }),
  );
  const latency = markdownTable(
    [
      'scenario',
      'app 50% rate',
      'autocannon -R p50 / p99 ms',
      'paced p50 / p99 ms',
      `p99 ≤ ${goals.p99Ms} ms`,
      'statements (named)',
      'pgbench tps',
    ],
    results.map((r) => {
      const { rate, atRate, paced } = r.halfLoad;
      const worst = Math.max(atRate.p99, paced.p99);
      return [
        r.name,
        fixed(rate),
        `${fixed(atRate.p50, 1)} / ${fixed(atRate.p99, 1)}`,
        `${fixed(paced.p50, 1)} / ${fixed(paced.p99, 1)}`,
        worst <= goals.p99Ms ? 'met' : 'missed',
        `${r.statements} (${r.named})`,
        r.pgbench ? fixed(r.pgbench.tps) : '–',
      ];
    }),
  );
  return `${throughput}\n\n${latency}`;
}
