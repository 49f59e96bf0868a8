/** bench/mixed's closing tables, as Markdown (pasted as they are into docs/benchmarks.md). */
import { percentile } from '../feed/http.js';
import { markdownTable } from '../feed/report.js';
import type { Samples } from './users.js';

export interface PhaseResult {
  mode: 'app' | 'floor';
  round: number;
  seconds: number;
  labels: Record<string, Samples>;
  /**
   * CPU milliseconds per request: the app's process (the floor lives there too), this process (the load
   * generator), and the PostgreSQL backends of the bench database.
   */
  serverCpuMs: number;
  clientCpuMs: number;
  databaseCpuMs: number;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const percent = (part: number, whole: number) => (whole > 0 ? `${fixed((100 * part) / whole, 2)}%` : '–');

/** All samples of the given phases, per label, plus `overall`. */
export function merge(phases: PhaseResult[]): Map<string, Samples> {
  const merged = new Map<string, Samples>();
  const add = (label: string, samples: Samples) => {
    const into = merged.get(label) ?? { latencies: [], ok: 0, limited: 0, failed: 0, network: 0 };
    for (const latency of samples.latencies) into.latencies.push(latency);
    into.ok += samples.ok;
    into.limited += samples.limited;
    into.failed += samples.failed;
    into.network += samples.network;
    into.firstProblem ??= samples.firstProblem;
    merged.set(label, into);
  };
  for (const phase of phases) {
    for (const [label, samples] of Object.entries(phase.labels)) {
      add(label, samples);
      add('overall', samples);
    }
  }
  return merged;
}

export interface Summary {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  limited: number;
}

export function summarize(samples: Samples | undefined, seconds: number): Summary {
  if (!samples) return { requests: 0, rps: NaN, p50: NaN, p99: NaN, errors: 0, limited: 0 };
  const requests = samples.latencies.length;
  return {
    requests,
    rps: requests / seconds,
    p50: percentile(samples.latencies, 50),
    p99: percentile(samples.latencies, 99),
    errors: samples.failed + samples.network,
    limited: samples.limited,
  };
}

const average = (list: PhaseResult[], pick: (phase: PhaseResult) => number) =>
  list.reduce((sum, phase) => sum + pick(phase), 0) / Math.max(1, list.length);

const ORDER = ['browse', 'search', 'open: product', 'open: views', 'like', 'message', 'overall'];

export function resultTables(phases: PhaseResult[], users: number): string {
  const app = phases.filter((phase) => phase.mode === 'app');
  const floor = phases.filter((phase) => phase.mode === 'floor');
  const appSeconds = app.reduce((sum, phase) => sum + phase.seconds, 0);
  const floorSeconds = floor.reduce((sum, phase) => sum + phase.seconds, 0);
  const merged = merge(app);
  const total = merged.get('overall')?.latencies.length ?? 0;

  const perAction = markdownTable(
    ['request', 'share', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors (non-2xx, network)', '429'],
    ORDER.filter((label) => merged.has(label)).map((label) => {
      const samples = merged.get(label)!;
      const s = summarize(samples, appSeconds);
      return [
        label,
        percent(s.requests, total),
        String(s.requests),
        fixed(s.rps),
        fixed(s.p50, 1),
        fixed(s.p99, 1),
        `${s.errors} (${percent(s.errors, s.requests)}; ${samples.failed} + ${samples.network})`,
        String(s.limited),
      ];
    }),
  );

  const appAll = summarize(merged.get('overall'), appSeconds);
  const floorAll = summarize(merge(floor).get('overall'), floorSeconds);
  const perRound = (phase: PhaseResult) => summarize(merge([phase]).get('overall'), phase.seconds);
  const rows = (label: string, list: PhaseResult[], all: Summary) => [
    label,
    list.map((phase) => fixed(perRound(phase).rps)).join(' / '),
    fixed(all.p50, 1),
    list.map((phase) => fixed(perRound(phase).p99, 1)).join(' / '),
    fixed(all.p99, 1),
    percent(all.errors, all.requests),
    fixed(
      average(list, (phase) => phase.serverCpuMs),
      2,
    ),
    fixed(
      average(list, (phase) => phase.databaseCpuMs),
      2,
    ),
    fixed(
      average(list, (phase) => phase.clientCpuMs),
      2,
    ),
  ];
  const sideBySide = markdownTable(
    [
      `${users} users`,
      'req/s per round',
      'p50 ms',
      'p99 ms per round',
      'p99 ms',
      'error rate',
      'app CPU ms/req',
      'PostgreSQL CPU ms/req',
      'load generator CPU ms/req',
    ],
    [
      rows('the app, mixed actions', app, appAll),
      rows('bare Fastify, fixed JSON', floor, floorAll),
      [
        'app ÷ bare Fastify',
        fixed(appAll.rps / floorAll.rps, 3),
        fixed(appAll.p50 / floorAll.p50, 1),
        '',
        fixed(appAll.p99 / floorAll.p99, 1),
        '',
        '',
        '',
        '',
      ],
    ],
  );
  const problems = [...merged.entries()]
    .filter(([label, samples]) => label !== 'overall' && samples.firstProblem)
    .map(([label, samples]) => `- ${label}: first problem: ${samples.firstProblem}`);
  return [perAction, sideBySide, ...(problems.length ? [problems.join('\n')] : [])].join('\n\n');
}
