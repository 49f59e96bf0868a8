/** bench/hub's closing tables, as Markdown (pasted as they are into docs/benchmarks.md). */
import { markdownTable } from '../feed/report.js';
import type { ConnectResult, PhaseResult, ServerKind } from './shared.js';

export interface MeasuredPhase extends PhaseResult {
  /** Summed over the server's processes. */
  serverCpuMs: number;
  loadCpuMs: number;
  /** The Redis server's CPU time (signalr-redis only; the instance may be shared, so approximate). */
  redisCpuMs?: number;
}

export interface ServerRun {
  server: ServerKind;
  connections: number;
  connect: ConnectResult;
  /** RSS and V8 heap growth from the idle server to N idle connections, after a full GC, per connection. */
  rssPerConnection: number;
  heapPerConnection: number;
  paced: MeasuredPhase;
  burst: MeasuredPhase;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const kib = (bytes: number) => fixed(bytes / 1024, 1);
const lost = (phase: PhaseResult) => phase.expected - phase.received;
const perSecond = (phase: PhaseResult) => (phase.received * 1000) / phase.durationMs;
const perThousand = (cpuMs: number, phase: PhaseResult) => (cpuMs * 1000) / phase.received;

interface Row {
  label: string;
  value: (run: ServerRun) => number;
  digits?: number;
  format?: (value: number) => string;
  /** Whether a bigger number is the better one (for the reader; each ratio column names its order). */
  better: 'lower' | 'higher';
}

const ROWS: Row[] = [
  { label: 'connect all (s)', value: (r) => r.connect.ms / 1000, digits: 1, better: 'lower' },
  { label: 'failed connections', value: (r) => r.connect.failed, better: 'lower' },
  { label: 'RSS per connection (KiB)', value: (r) => r.rssPerConnection, format: kib, better: 'lower' },
  { label: 'JS heap per connection (KiB)', value: (r) => r.heapPerConnection, format: kib, better: 'lower' },
  { label: 'paced: latency p50 (ms)', value: (r) => r.paced.latencyMs.p50, digits: 1, better: 'lower' },
  { label: 'paced: latency p99 (ms)', value: (r) => r.paced.latencyMs.p99, digits: 1, better: 'lower' },
  { label: 'paced: lost messages', value: (r) => lost(r.paced), better: 'lower' },
  {
    label: 'paced: server CPU ms per 1k deliveries',
    value: (r) => perThousand(r.paced.serverCpuMs, r.paced),
    digits: 1,
    better: 'lower',
  },
  { label: 'burst: deliveries/s', value: (r) => perSecond(r.burst), better: 'higher' },
  { label: 'burst: latency p50 (ms)', value: (r) => r.burst.latencyMs.p50, better: 'lower' },
  { label: 'burst: latency p99 (ms)', value: (r) => r.burst.latencyMs.p99, better: 'lower' },
  { label: 'burst: lost messages', value: (r) => lost(r.burst), better: 'lower' },
  {
    label: 'burst: server CPU ms per 1k deliveries',
    value: (r) => perThousand(r.burst.serverCpuMs, r.burst),
    digits: 1,
    better: 'lower',
  },
  {
    label: 'burst: load process CPU ms per 1k deliveries',
    value: (r) => perThousand(r.burst.loadCpuMs, r.burst),
    digits: 1,
    better: 'lower',
  },
  {
    label: 'burst: Redis server CPU ms per 1k deliveries',
    value: (r) => perThousand(r.burst.redisCpuMs ?? NaN, r.burst),
    digits: 1,
    better: 'lower',
  },
];

const TITLES: Record<ServerKind, string> = {
  signalr: 'ours (SignalR), 1 process',
  'signalr-redis': 'ours, 2 processes + Redis',
  socketio: 'Socket.IO',
  ws: 'raw ws (floor)',
};
/** The ratio columns, when both sides ran: numerator ÷ denominator. */
const RATIOS: Array<[title: string, numerator: ServerKind, denominator: ServerKind]> = [
  ['ours ÷ Socket.IO', 'signalr', 'socketio'],
  ['ours ÷ ws floor', 'signalr', 'ws'],
  ['Redis ÷ memory', 'signalr-redis', 'signalr'],
];

const ratio = (ours: number, theirs: number) => {
  if (ours === 0 && theirs === 0) return '–';
  const value = ours / theirs;
  return Number.isFinite(value) ? value.toFixed(2) : '–';
};

/** One table per connection count: every server measured, and the ratios whose two sides ran. */
export function resultTable(runs: ServerRun[]): string {
  const find = (kind: ServerKind) => runs.find((run) => run.server === kind);
  const ratios = RATIOS.flatMap(([title, a, b]) => {
    const [numerator, denominator] = [find(a), find(b)];
    return numerator && denominator ? [{ title, numerator, denominator }] : [];
  });
  const rows = ROWS.filter((row) => runs.some((run) => Number.isFinite(row.value(run))));
  const header = ['', ...runs.map((run) => TITLES[run.server]), ...ratios.map((r) => r.title)];
  if (ratios.length > 0) header.push('better');
  const cells = rows.map((row) => {
    const show = (run: ServerRun) => {
      const value = row.value(run);
      return row.format ? row.format(value) : fixed(value, row.digits ?? 0);
    };
    const line = [row.label, ...runs.map(show)];
    for (const r of ratios) line.push(ratio(row.value(r.numerator), row.value(r.denominator)));
    if (ratios.length > 0) line.push(row.better);
    return line;
  });
  return markdownTable(header, cells);
}

export function phaseLine(run: ServerRun, phase: MeasuredPhase): string {
  return (
    `  ${phase.name}: ${phase.received}/${phase.expected} received in ${fixed(phase.durationMs)} ms ` +
    `(sent in ${fixed(phase.sendMs)} ms), p50 ${fixed(phase.latencyMs.p50, 1)} ms, ` +
    `p99 ${fixed(phase.latencyMs.p99, 1)} ms, max ${fixed(phase.latencyMs.max, 1)} ms, ` +
    `server CPU ${fixed(phase.serverCpuMs)} ms, load CPU ${fixed(phase.loadCpuMs)} ms` +
    (phase.redisCpuMs !== undefined && Number.isFinite(phase.redisCpuMs)
      ? `, Redis CPU ${fixed(phase.redisCpuMs)} ms`
      : '') +
    (run.connect.failed ? `, ${run.connect.failed} connections failed` : '')
  );
}

/** The hub.redis-* goals for two processes joined by Redis, each against one process measured in the same run. */
export const REDIS_GOALS = { pacedP99AtMost: 1.5, burstRateAtLeast: 0.8 } as const;

export interface RedisGoalCheck {
  connections: number;
  round: number;
  /** Two processes + Redis ÷ one process: paced latency p99 (lower is better). */
  pacedP99Ratio: number;
  /** Two processes + Redis ÷ one process: burst deliveries per second (higher is better). */
  burstRateRatio: number;
  pacedP99Met: boolean;
  burstRateMet: boolean;
}

/** The goal check of one connection count and round, when both `signalr` and `signalr-redis` ran. */
export function redisGoalCheck(runs: ServerRun[], round: number): RedisGoalCheck | undefined {
  const one = runs.find((run) => run.server === 'signalr');
  const two = runs.find((run) => run.server === 'signalr-redis');
  if (!one || !two) return undefined;
  const pacedP99Ratio = two.paced.latencyMs.p99 / one.paced.latencyMs.p99;
  const burstRateRatio = perSecond(two.burst) / perSecond(one.burst);
  return {
    connections: one.connections,
    round,
    pacedP99Ratio,
    burstRateRatio,
    pacedP99Met: pacedP99Ratio <= REDIS_GOALS.pacedP99AtMost,
    burstRateMet: burstRateRatio >= REDIS_GOALS.burstRateAtLeast,
  };
}

export function redisGoalLine(check: RedisGoalCheck): string {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  return (
    `${check.connections} connections, round ${check.round}: ` +
    `paced p99 two ÷ one ${fixed(check.pacedP99Ratio, 2)} (goal ≤ ${REDIS_GOALS.pacedP99AtMost}: ` +
    `${verdict(check.pacedP99Met)}), burst rate two ÷ one ${fixed(check.burstRateRatio, 2)} ` +
    `(goal ≥ ${REDIS_GOALS.burstRateAtLeast}: ${verdict(check.burstRateMet)})`
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** With several rounds: per connection count, the median ratios and their spread (docs/benchmarks.md, Method). */
export function redisGoalMedianLines(checks: RedisGoalCheck[]): string[] {
  const sizes = [...new Set(checks.map((check) => check.connections))];
  return sizes.flatMap((connections) => {
    const mine = checks.filter((check) => check.connections === connections);
    if (mine.length < 2) return [];
    const paced = mine.map((check) => check.pacedP99Ratio);
    const burst = mine.map((check) => check.burstRateRatio);
    const range = (values: number[]) => `${fixed(Math.min(...values), 2)}–${fixed(Math.max(...values), 2)}`;
    return [
      `${connections} connections, median of ${mine.length} rounds: paced p99 two ÷ one ${fixed(median(paced), 2)} ` +
        `(${range(paced)}; goal ≤ ${REDIS_GOALS.pacedP99AtMost}), burst rate two ÷ one ${fixed(median(burst), 2)} ` +
        `(${range(burst)}; goal ≥ ${REDIS_GOALS.burstRateAtLeast})`,
    ];
  });
}

/** The hub.* fan-out goals (docs/benchmarks.md), ours against Socket.IO and the raw `ws` floor of the same run. */
export const FAN_OUT_GOALS = {
  burstCpuPerThousandAtMost: 1.0,
  burstRateVsSocketIoAtLeast: 2.0,
  burstRateVsFloorAtLeast: 0.9,
  pacedP99VsSocketIoAtMost: 0.8,
  pacedP99VsFloorAtMost: 1.2,
} as const;

/**
 * The fair forms of two of them, printed beside the goals as written (docs/decisions/0022 and 0027, proposed):
 * burst CPU within half the floor's; the paced p99 within 1.2× the floor's, and within 0.8× Socket.IO's only where
 * the floor itself is (no server writing the same frames through `ws` is faster than the floor).
 */
export const FAN_OUT_FAIR_GOALS = { burstCpuVsFloorAtMost: 0.5 } as const;

export interface FanOutGoalCheck {
  connections: number;
  round: number;
  burstCpuPerThousand: number;
  /** NaN when that side did not run. */
  burstRateVsSocketIo: number;
  burstRateVsFloor: number;
  pacedP99VsSocketIo: number;
  pacedP99VsFloor: number;
  /** Ours ÷ the floor's burst CPU per delivery (decision 0022). */
  burstCpuVsFloor: number;
  /** The floor's paced p99 ÷ Socket.IO's: where it is over 0.8, no `ws` server meets that part (decision 0027). */
  floorPacedP99VsSocketIo: number;
  lost: number;
}

/**
 * Decision 0027: the paced p99 within 1.2× the floor's always, and within 0.8× Socket.IO's where the floor's own
 * p99 is; NaN-free only when both other sides ran.
 */
export function pacedP99MetWithinFloor(check: FanOutGoalCheck): boolean {
  const G = FAN_OUT_GOALS;
  const floorMeetsSocketIoPart = check.floorPacedP99VsSocketIo <= G.pacedP99VsSocketIoAtMost;
  return (
    check.pacedP99VsFloor <= G.pacedP99VsFloorAtMost &&
    (!floorMeetsSocketIoPart || check.pacedP99VsSocketIo <= G.pacedP99VsSocketIoAtMost)
  );
}

/** Ours against the others of one connection count and round; undefined when ours did not run. */
export function fanOutGoalCheck(runs: ServerRun[], round: number): FanOutGoalCheck | undefined {
  const ours = runs.find((run) => run.server === 'signalr');
  if (!ours) return undefined;
  const other = (kind: ServerKind) => runs.find((run) => run.server === kind);
  const rate = (kind: ServerKind) => {
    const run = other(kind);
    return run ? perSecond(ours.burst) / perSecond(run.burst) : NaN;
  };
  const p99 = (kind: ServerKind) => {
    const run = other(kind);
    return run ? ours.paced.latencyMs.p99 / run.paced.latencyMs.p99 : NaN;
  };
  const floor = other('ws');
  const socketIo = other('socketio');
  return {
    connections: ours.connections,
    round,
    burstCpuPerThousand: perThousand(ours.burst.serverCpuMs, ours.burst),
    burstRateVsSocketIo: rate('socketio'),
    burstRateVsFloor: rate('ws'),
    pacedP99VsSocketIo: p99('socketio'),
    pacedP99VsFloor: p99('ws'),
    burstCpuVsFloor: floor
      ? perThousand(ours.burst.serverCpuMs, ours.burst) / perThousand(floor.burst.serverCpuMs, floor.burst)
      : NaN,
    floorPacedP99VsSocketIo:
      floor && socketIo ? floor.paced.latencyMs.p99 / socketIo.paced.latencyMs.p99 : NaN,
    lost: lost(ours.paced) + lost(ours.burst),
  };
}

/** One line per goal: the value, the goal, and met or MISSED (– when its other side did not run). */
export function fanOutGoalLines(check: FanOutGoalCheck): string[] {
  const G = FAN_OUT_GOALS;
  const judged = (value: number, met: (value: number) => boolean) =>
    Number.isFinite(value) ? (met(value) ? 'met' : 'MISSED') : '–';
  const line = (label: string, value: number, goal: string, met: (value: number) => boolean) =>
    `${check.connections} connections, round ${check.round}: ${label} ${fixed(value, 2)} (goal ${goal}: ` +
    `${judged(value, met)})`;
  return [
    line(
      'burst server CPU ms per 1k deliveries',
      check.burstCpuPerThousand,
      `≤ ${G.burstCpuPerThousandAtMost}`,
      (v) => v <= G.burstCpuPerThousandAtMost,
    ),
    line(
      'burst rate ours ÷ Socket.IO',
      check.burstRateVsSocketIo,
      `≥ ${G.burstRateVsSocketIoAtLeast}`,
      (v) => v >= G.burstRateVsSocketIoAtLeast,
    ),
    line(
      'burst rate ours ÷ ws floor',
      check.burstRateVsFloor,
      `≥ ${G.burstRateVsFloorAtLeast}`,
      (v) => v >= G.burstRateVsFloorAtLeast,
    ),
    line(
      'paced p99 ours ÷ Socket.IO',
      check.pacedP99VsSocketIo,
      `≤ ${G.pacedP99VsSocketIoAtMost}`,
      (v) => v <= G.pacedP99VsSocketIoAtMost,
    ),
    line(
      'paced p99 ours ÷ ws floor',
      check.pacedP99VsFloor,
      `≤ ${G.pacedP99VsFloorAtMost}`,
      (v) => v <= G.pacedP99VsFloorAtMost,
    ),
    line('messages lost', check.lost, '0', (v) => v === 0),
    line(
      'burst server CPU ours ÷ ws floor (decision 0022, proposed)',
      check.burstCpuVsFloor,
      `≤ ${FAN_OUT_FAIR_GOALS.burstCpuVsFloorAtMost}`,
      (v) => v <= FAN_OUT_FAIR_GOALS.burstCpuVsFloorAtMost,
    ),
    `${check.connections} connections, round ${check.round}: paced p99 judged within the floor (decision 0027, ` +
      `proposed): ÷ ws floor ${fixed(check.pacedP99VsFloor, 2)} (≤ ${G.pacedP99VsFloorAtMost}), ÷ Socket.IO ` +
      `${fixed(check.pacedP99VsSocketIo, 2)}, judged only where the floor's own ÷ Socket.IO ` +
      `(${fixed(check.floorPacedP99VsSocketIo, 2)}) is ≤ ${G.pacedP99VsSocketIoAtMost}: ` +
      (Number.isFinite(check.pacedP99VsFloor) && Number.isFinite(check.floorPacedP99VsSocketIo)
        ? pacedP99MetWithinFloor(check)
          ? 'met'
          : 'MISSED'
        : '–'),
  ];
}
