/** bench/mixed's closing tables, as Markdown (pasted as they are into docs/benchmarks.md), and its --json. */
import { percentile } from '../feed/http.js';
import { markdownTable } from '../feed/report.js';
import { READS, type Samples } from './users.js';

export interface PhaseResult {
  /** `floor`: the same users, their reads answered by the floor, their writes by the app. */
  mode: 'app' | 'floor';
  round: number;
  seconds: number;
  labels: Record<string, Samples>;
  /**
   * CPU milliseconds per request of the phase (all its requests): the app's process, the floor's, this process
   * (the load generator), and the PostgreSQL backends of the bench database.
   */
  appCpuMs: number;
  floorCpuMs: number;
  clientCpuMs: number;
  databaseCpuMs: number;
}

/** The goal (mixed.reads-p99): with think time, the reads' p99 at most this many times the floor's. */
export const P99_GOAL = 2;

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const percent = (part: number, whole: number) => (whole > 0 ? `${fixed((100 * part) / whole, 2)}%` : '–');
const empty = (): Samples => ({ latencies: [], ok: 0, limited: 0, failed: 0, network: 0 });

/** All samples of the given phases, per label, plus `reads` (the floor's share of the mix) and `overall`. */
export function merge(phases: PhaseResult[]): Map<string, Samples> {
  const merged = new Map<string, Samples>();
  const add = (label: string, samples: Samples) => {
    const into = merged.get(label) ?? empty();
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
      if (READS.includes(label)) add('reads', samples);
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

const ORDER = ['browse', 'search', 'open: product', 'reads', 'open: views', 'like', 'message', 'overall'];
const WRITES = new Set(['open: views', 'like', 'message']);

/** Both arms, merged over their rounds: per label, and CPU per request averaged over the phases. */
function arms(phases: PhaseResult[]) {
  const side = (mode: PhaseResult['mode']) => {
    const list = phases.filter((phase) => phase.mode === mode);
    const seconds = list.reduce((sum, phase) => sum + phase.seconds, 0);
    const merged = merge(list);
    return {
      list,
      merged,
      summary: (label: string) => summarize(merged.get(label), seconds),
      cpu: (pick: (phase: PhaseResult) => number) => average(list, pick),
    };
  };
  return { app: side('app'), floor: side('floor') };
}

function goal(phases: PhaseResult[]) {
  const { app, floor } = arms(phases);
  const appP99 = app.summary('reads').p99;
  const floorP99 = floor.summary('reads').p99;
  const ratio = appP99 / floorP99;
  return {
    of: "the reads' p99 (browse, search, open: product)",
    appP99,
    floorP99,
    ratio,
    limit: P99_GOAL,
    met: ratio <= P99_GOAL,
  };
}

export function resultTables(phases: PhaseResult[], users: number, thinkMs: number): string {
  const { app, floor } = arms(phases);
  const total = app.summary('overall').requests;
  const errors = (s: Summary) => `${s.errors} (${percent(s.errors, s.requests)})`;

  const perRequest = markdownTable(
    [
      'request',
      'share',
      'app / floor req/s',
      'app / floor p50 ms',
      'app p99 ms',
      'floor p99 ms',
      'p99 app ÷ floor',
      'errors app / floor',
      '429',
    ],
    ORDER.filter((label) => app.merged.has(label)).map((label) => {
      const a = app.summary(label);
      const f = floor.summary(label);
      return [
        WRITES.has(label) ? `${label} (app in both)` : label,
        percent(a.requests, total),
        `${fixed(a.rps)} / ${fixed(f.rps)}`,
        `${fixed(a.p50, 1)} / ${fixed(f.p50, 1)}`,
        fixed(a.p99, 1),
        fixed(f.p99, 1),
        fixed(a.p99 / f.p99, 2),
        `${errors(a)} / ${errors(f)}`,
        `${a.limited} / ${f.limited}`,
      ];
    }),
  );

  const perRound = (phase: PhaseResult, label: string) => summarize(merge([phase]).get(label), phase.seconds);
  const row = (label: string, side: typeof app) => {
    const all = side.summary('overall');
    return [
      label,
      side.list.map((phase) => fixed(perRound(phase, 'overall').rps)).join(' / '),
      fixed(all.p50, 1),
      fixed(all.p99, 1),
      side.list.map((phase) => fixed(perRound(phase, 'reads').p99, 1)).join(' / '),
      fixed(side.summary('reads').p99, 1),
      percent(all.errors, all.requests),
      fixed(
        side.cpu((phase) => phase.appCpuMs),
        2,
      ),
      fixed(
        side.cpu((phase) => phase.floorCpuMs),
        2,
      ),
      fixed(
        side.cpu((phase) => phase.databaseCpuMs),
        2,
      ),
      fixed(
        side.cpu((phase) => phase.clientCpuMs),
        2,
      ),
    ];
  };
  const serverCpu = (side: typeof app) => side.cpu((phase) => phase.appCpuMs + phase.floorCpuMs);
  const sideBySide = markdownTable(
    [
      `${users} users`,
      'req/s per round',
      'p50 ms',
      'p99 ms',
      'reads p99 ms per round',
      'reads p99 ms',
      'error rate',
      'app CPU ms/req',
      'floor CPU ms/req',
      'PostgreSQL CPU ms/req',
      'load generator CPU ms/req',
    ],
    [
      row('the app', app),
      row('reads to the floor', floor),
      [
        'app ÷ floor',
        fixed(app.summary('overall').rps / floor.summary('overall').rps, 2),
        fixed(app.summary('overall').p50 / floor.summary('overall').p50, 2),
        fixed(app.summary('overall').p99 / floor.summary('overall').p99, 2),
        '',
        fixed(app.summary('reads').p99 / floor.summary('reads').p99, 2),
        '',
        `servers: ${fixed(serverCpu(app) / serverCpu(floor), 2)}`,
        '',
        fixed(app.cpu((p) => p.databaseCpuMs) / floor.cpu((p) => p.databaseCpuMs), 2),
        '',
      ],
    ],
  );
  const g = goal(phases);
  const goalLine =
    `Goal: ${g.of} with think time ≤ ${g.limit} × the floor's: ${fixed(g.appP99, 1)} ms ÷ ` +
    `${fixed(g.floorP99, 1)} ms = ${fixed(g.ratio, 2)}: **${g.met ? 'met' : 'missed'}**` +
    (thinkMs > 0 ? '.' : ' (a closed loop: the goal is stated for think time, this is for information).');
  const tails = [tail('the app', app.merged), tail('the floor', floor.merged)].join('; ');
  const problems = [...app.merged.entries(), ...floor.merged.entries()]
    .filter(([label, samples]) => !['overall', 'reads'].includes(label) && samples.firstProblem)
    .map(([label, samples]) => `- ${label}: first problem: ${samples.firstProblem}`);
  return [
    perRequest,
    sideBySide,
    goalLine,
    `Slowest 1% of the reads, by kind: ${tails}.`,
    ...(problems.length ? [problems.join('\n')] : []),
  ].join('\n\n');
}

/** Which requests make the reads' tail: how many of the reads at or above the reads' p99 each kind holds. */
function tail(side: string, merged: Map<string, Samples>): string {
  const p99 = percentile(merged.get('reads')?.latencies ?? [], 99);
  const counts = READS.map((label) => {
    const slow = (merged.get(label)?.latencies ?? []).filter((ms) => ms >= p99).length;
    return `${label} ${slow}`;
  });
  return `${side} (≥ ${fixed(p99, 1)} ms) ${counts.join(', ')}`;
}

const orNull = (value: number) => (Number.isFinite(value) ? value : null);

/**
 * The --json: `scenarios` holds one entry per request kind, `reads` and `overall`, each app arm
 * against floor arm (`ratio` = appRps ÷ floorRps, as bench/feed's). CPU per request is measured per process, not
 * per request kind, so only `overall` carries it: app + floor process CPU over all the arm's requests (the floor
 * idles in the app's arm; in the floor's arm the app answers the writes). `goal` is the reads' p99 ratio.
 */
export function resultJson(phases: PhaseResult[]) {
  const { app, floor } = arms(phases);
  const serverCpu = (side: typeof app) => side.cpu((phase) => phase.appCpuMs + phase.floorCpuMs);
  const scenarios = ORDER.filter((label) => app.merged.has(label)).map((name) => {
    const a = app.summary(name);
    const f = floor.summary(name);
    const overall = name === 'overall';
    return {
      name,
      appRps: orNull(a.rps),
      floorRps: orNull(f.rps),
      ratio: orNull(a.rps / f.rps),
      appCpuMsPerReq: overall ? orNull(serverCpu(app)) : null,
      floorCpuMsPerReq: overall ? orNull(serverCpu(floor)) : null,
      p99Ms: orNull(a.p99),
      floorP99Ms: orNull(f.p99),
    };
  });
  const kinds = Object.fromEntries(
    ORDER.map((name) => [name, { app: app.summary(name), floor: floor.summary(name) }]),
  );
  const phaseSummaries = phases.map((phase) => ({
    ...phase,
    labels: Object.fromEntries(
      Object.entries(phase.labels).map(([label, samples]) => [label, summarize(samples, phase.seconds)]),
    ),
  }));
  return { scenarios, goal: goal(phases), kinds, phases: phaseSummaries };
}
