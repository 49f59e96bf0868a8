/** bench/hub's closing tables, as Markdown (pasted as they are into docs/benchmarks.md). */
import { markdownTable } from '../feed/report.js';
import type { ConnectResult, PhaseResult, ServerKind } from './shared.js';

export interface MeasuredPhase extends PhaseResult {
  serverCpuMs: number;
  loadCpuMs: number;
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
  /** Whether a bigger number is the better one (for the reader; the ratio is always ours ÷ Socket.IO). */
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
];

const ratio = (ours: number, theirs: number) => {
  if (ours === 0 && theirs === 0) return '–';
  const value = ours / theirs;
  return Number.isFinite(value) ? value.toFixed(2) : '–';
};

/** One table per connection count: ours, Socket.IO (when measured), and ours ÷ Socket.IO. */
export function resultTable(ours: ServerRun | undefined, theirs: ServerRun | undefined): string {
  const runs = [ours, theirs].filter((run): run is ServerRun => Boolean(run));
  const header = ['', ...runs.map((run) => (run.server === 'signalr' ? 'ours (SignalR)' : 'Socket.IO'))];
  if (ours && theirs) header.push('ours ÷ Socket.IO', 'better');
  const rows = ROWS.map((row) => {
    const show = (run: ServerRun) => {
      const value = row.value(run);
      return row.format ? row.format(value) : fixed(value, row.digits ?? 0);
    };
    const cells = [row.label, ...runs.map(show)];
    if (ours && theirs) cells.push(ratio(row.value(ours), row.value(theirs)), row.better);
    return cells;
  });
  return markdownTable(header, rows);
}

export function phaseLine(run: ServerRun, phase: MeasuredPhase): string {
  return (
    `  ${phase.name}: ${phase.received}/${phase.expected} received in ${fixed(phase.durationMs)} ms ` +
    `(sent in ${fixed(phase.sendMs)} ms), p50 ${fixed(phase.latencyMs.p50, 1)} ms, ` +
    `p99 ${fixed(phase.latencyMs.p99, 1)} ms, max ${fixed(phase.latencyMs.max, 1)} ms, ` +
    `server CPU ${fixed(phase.serverCpuMs)} ms, load CPU ${fixed(phase.loadCpuMs)} ms` +
    (run.connect.failed ? `, ${run.connect.failed} connections failed` : '')
  );
}
