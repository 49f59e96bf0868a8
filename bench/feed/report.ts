/** The closing tables of bench/feed, as Markdown (pasted as they are into docs/benchmarks.md). */
import type { HttpRun } from './http.js';
import type { PgbenchResult } from './pgbench.js';

type Pgbench = PgbenchResult & { clientCpuMs: number };

export interface ScenarioResult {
  name: string;
  path: string;
  cards: number;
  bytes: number;
  /** SQL statements the request sent (the pgbench script runs exactly these). */
  statements: number;
  /** How many of them were named prepared statements (parsed and planned once per connection). */
  named: number;
  rounds: { http: HttpRun; serverCpuMs: number; clientCpuMs: number; pgbench: Pgbench; ratio: number }[];
  /** Median over the rounds of HTTP req/s ÷ pgbench -M prepared tps: the goal's ratio. */
  ratio: number;
  /** The same statements with -M extended (parsed and planned every time, as unnamed statements are). */
  extended: Pgbench;
  ratioExtended: number;
  /** Only the feed's SELECT (for where the time goes). */
  feedOnly: Pgbench;
  /** Bare Fastify answering the same JSON from memory. */
  floor: HttpRun;
  rate: number;
  atRate: HttpRun;
  paced: HttpRun;
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

export function resultTables(results: ScenarioResult[], goals: { ratio: number; p99Ms: number }): string {
  const throughput = markdownTable(
    [
      'scenario',
      'HTTP req/s',
      'pgbench tps',
      `ratio (goal ≥ ${goals.ratio})`,
      'pgbench -M extended',
      'ratio',
      'feed query only',
      'bare Fastify, same JSON',
    ],
    results.map((r) => [
      r.name,
      r.rounds.map((round) => fixed(round.http.rps)).join(' / '),
      r.rounds.map((round) => fixed(round.pgbench.tps)).join(' / '),
      `${fixed(r.ratio, 2)} ${r.ratio >= goals.ratio ? 'met' : 'missed'}`,
      fixed(r.extended.tps),
      fixed(r.ratioExtended, 2),
      fixed(r.feedOnly.tps),
      fixed(r.floor.rps),
    ]),
  );
  const cpu = markdownTable(
    ['scenario', 'statements', 'JSON bytes', 'app CPU ms/req', 'autocannon CPU ms/req', 'pgbench CPU ms/tx'],
    results.map((r) => [
      r.name,
      `${r.statements} (${r.named} named)`,
      String(r.bytes),
      fixed(median(r.rounds.map((round) => round.serverCpuMs)), 2),
      fixed(median(r.rounds.map((round) => round.clientCpuMs)), 2),
      fixed(median(r.rounds.map((round) => round.pgbench.clientCpuMs)), 2),
    ]),
  );
  const latency = markdownTable(
    [
      'scenario',
      '50% rate',
      'autocannon -R p50 / p99 ms',
      'paced p50 / p99 ms',
      `p99 ≤ ${goals.p99Ms} ms`,
      'full load p50 / p99 ms',
    ],
    results.map((r) => {
      const last = r.rounds[r.rounds.length - 1]!.http;
      const worst = Math.max(r.atRate.p99, r.paced.p99);
      return [
        r.name,
        fixed(r.rate),
        `${fixed(r.atRate.p50, 1)} / ${fixed(r.atRate.p99, 1)}`,
        `${fixed(r.paced.p50, 1)} / ${fixed(r.paced.p99, 1)}`,
        worst <= goals.p99Ms ? 'met' : 'missed',
        `${fixed(last.p50, 1)} / ${fixed(last.p99, 1)}`,
      ];
    }),
  );
  return `${throughput}\n\n${cpu}\n\n${latency}`;
}
