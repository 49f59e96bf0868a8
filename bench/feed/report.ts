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
  /** At half the app's req/s: the app under autocannon -R, and the app and the floor paced (A B B A). */
  halfLoad: { rate: number; atRate: HttpRun; paced: HttpRun[]; floorPaced: HttpRun[] };
  /** With --pgbench: the same statements run by pgbench -M prepared (extra information, no goal). */
  pgbench?: Pgbench;
}

/** The `scenarios` of --json: one entry per scenario, medians over the runs. */
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

/** The feed.* goals of bench/feed, all ratios to the floor in the same run but the absolute p99. */
export interface FeedGoals {
  /** app req/s ÷ floor req/s at equal concurrency, at least. */
  ratio: number;
  /** app CPU ms per request ÷ the floor's, at most. */
  cpu: number;
  /** Paced p99 at half the app's maximum rate, at most, in ms. */
  p99Ms: number;
  /** That p99 ÷ the floor's paced p99 at the same rate, at most. */
  p99VsFloor: number;
}

/** The paced half-load latencies (medians over the runs) and whether each goal is met, per scenario. */
export function goalsOf(r: ScenarioResult, goals: FeedGoals) {
  const s = summary(r);
  const pacedP99Ms = median(r.halfLoad.paced.map((run) => run.p99));
  const floorPacedP99Ms = median(r.halfLoad.floorPaced.map((run) => run.p99));
  const cpuRatio = s.appCpuMsPerReq / s.floorCpuMsPerReq;
  return {
    name: r.name,
    rate: r.halfLoad.rate,
    pacedP50Ms: median(r.halfLoad.paced.map((run) => run.p50)),
    pacedP99Ms,
    floorPacedP50Ms: median(r.halfLoad.floorPaced.map((run) => run.p50)),
    floorPacedP99Ms,
    cpuRatio,
    ratioMet: s.ratio >= goals.ratio,
    cpuMet: cpuRatio <= goals.cpu,
    /** The goal as written: the absolute bound and the ratio, both. */
    p99Met: pacedP99Ms <= goals.p99Ms && pacedP99Ms <= goals.p99VsFloor * floorPacedP99Ms,
    /** Whether the floor itself, the limit for any Node app in front of this SQL here, met the absolute bound. */
    floorMeetsP99Ms: floorPacedP99Ms <= goals.p99Ms,
    /**
     * Decision 0017: the ratio always, the absolute bound only where the floor met it. Where the floor's own p99 is
     * over it, this machine's stalls set the tail and the absolute figure says nothing about the app.
     */
    p99MetWithinFloor:
      pacedP99Ms <= goals.p99VsFloor * floorPacedP99Ms &&
      (pacedP99Ms <= goals.p99Ms || floorPacedP99Ms > goals.p99Ms),
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

const verdict = (met: boolean) => (met ? 'met' : 'missed');

export function resultTables(results: ScenarioResult[], goals: FeedGoals): string {
  const throughput = markdownTable(
    [
      'scenario',
      'app req/s',
      'floor req/s',
      `app ÷ floor (≥ ${goals.ratio})`,
      'app / floor CPU ms/req',
      `CPU app ÷ floor (≤ ${goals.cpu})`,
      'app / floor p99 ms',
      'JSON bytes',
    ],
    results.map((r) => {
      const s = summary(r);
      const g = goalsOf(r, goals);
      return [
        r.name,
        r.app.map((run) => fixed(run.http.rps)).join(' / '),
        r.floor.map((run) => fixed(run.http.rps)).join(' / '),
        `${fixed(s.ratio, 2)} ${verdict(g.ratioMet)}`,
        `${fixed(s.appCpuMsPerReq, 3)} / ${fixed(s.floorCpuMsPerReq, 3)}`,
        `${fixed(g.cpuRatio, 2)} ${verdict(g.cpuMet)}`,
        `${fixed(s.p99Ms, 1)} / ${fixed(s.floorP99Ms, 1)}`,
        String(r.bytes),
      ];
    }),
  );
  const latency = markdownTable(
    [
      'scenario',
      '50% rate',
      'app autocannon -R p50 / p99 ms',
      'app paced p50 / p99 ms',
      'floor paced p50 / p99 ms',
      'paced p99 app ÷ floor',
      `p99 ≤ ${goals.p99Ms} ms and ≤ ${goals.p99VsFloor}× floor`,
      `decision 0017: ≤ ${goals.p99VsFloor}× floor, ≤ ${goals.p99Ms} ms where the floor is`,
      'statements (named)',
      'pgbench tps',
    ],
    results.map((r) => {
      const g = goalsOf(r, goals);
      const { atRate } = r.halfLoad;
      return [
        r.name,
        fixed(g.rate),
        `${fixed(atRate.p50, 1)} / ${fixed(atRate.p99, 1)}`,
        `${fixed(g.pacedP50Ms, 1)} / ${fixed(g.pacedP99Ms, 1)}`,
        `${fixed(g.floorPacedP50Ms, 1)} / ${fixed(g.floorPacedP99Ms, 1)}`,
        fixed(g.pacedP99Ms / g.floorPacedP99Ms, 2),
        g.p99Met || g.floorMeetsP99Ms ? verdict(g.p99Met) : `missed, the floor too`,
        verdict(g.p99MetWithinFloor),
        `${r.statements} (${r.named})`,
        r.pgbench ? fixed(r.pgbench.tps) : '–',
      ];
    }),
  );
  return `${throughput}\n\n${latency}`;
}
