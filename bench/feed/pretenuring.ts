/**
 * What turning off V8's allocation-site pretenuring (apps/server/src/lib/garbage-collector.ts) does to the app,
 * side by side in one run: the app with V8's default (BENCH_V8_PRETENURING=on), the app as shipped (pretenuring
 * off, as server.ts sets it), and the floor, each paced at the same rate, in the order default, off, floor, floor,
 * off, default per round. Per run it
 * prints the p99, the process's longest event-loop stall, how much its old generation grew (MB per 10,000 requests)
 * and its full collections; then the medians (growth over the runs without a full collection, which empties the old
 * generation mid-run), each app's p99 ÷ the floor's, and the full collections of each side in all.
 *
 * All three processes start cold and first take autocannon at full speed, as in bench:feed: that start is where
 * V8 makes its pretenuring decisions.
 *
 *   npx tsx bench/feed/pretenuring.ts --url postgres://postgres@127.0.0.1:5432/rummage_bench_… \
 *     [--scenarios radius,no-location] [--seconds 10] [--rounds 2] [--json f]
 * (a bench database kept with `npm run bench:feed -- --scenarios none --keep`)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startAppProcess, startFloorProcess } from './app-process.js';
import { paced, saturate, type HttpRun } from './http.js';
import { askLoopDelay, type ProcessWatch } from './loop-delay.js';
import { median } from './report.js';
import { FEED_SCENARIOS } from './scenario.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    scenarios: { type: 'string', default: 'radius,no-location' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    json: { type: 'string' },
  },
});
if (!args.url)
  throw new Error('--url of a bench database is required (npm run bench:feed -- --scenarios none --keep)');
const seconds = Number(args.seconds);
const connections = Number(args.connections);

const [vDefault, noPretenuring, floor] = await Promise.all([
  startAppProcess(args.url, undefined, [], { BENCH_V8_PRETENURING: 'on' }),
  startAppProcess(args.url),
  startFloorProcess(args.url),
]);
const sides = [
  { name: 'app, V8 default', process: vDefault },
  { name: 'app, no pretenure', process: noPretenuring },
  { name: 'floor', process: floor },
] as const;
type Side = (typeof sides)[number]['name'];

interface PacedRun {
  p99: number;
  stallMs: number;
  oldGenerationMbPer10k: number;
  fullGcs: number;
}

async function measured(
  base: string,
  query: string,
  child: (typeof sides)[number]['process']['child'],
  rate: number,
) {
  const before: ProcessWatch = await askLoopDelay(child);
  const run: HttpRun = await paced(`${base}/api/Marketplace/products?${query}`, rate, connections, seconds);
  const after = await askLoopDelay(child);
  if (run.failures > 0) throw new Error('requests failed during a paced run');
  return {
    p99: run.p99,
    stallMs: after.maxMs,
    oldGenerationMbPer10k:
      ((after.oldGenerationBytes - before.oldGenerationBytes) / 2 ** 20 / run.requests) * 1e4,
    fullGcs: after.fullGcs,
  } satisfies PacedRun;
}

const results: Array<{ scenario: string; rate: number; runs: Record<Side, PacedRun[]> }> = [];
try {
  for (const key of args.scenarios.split(',')) {
    const scenario = FEED_SCENARIOS[key.trim()];
    if (!scenario) throw new Error(`unknown scenario "${key}"`);
    const url = (side: (typeof sides)[number]) =>
      `http://127.0.0.1:${side.process.port}/api/Marketplace/products?${scenario.query}`;
    // Full speed first, as bench:feed starts: the cold burst that pretenuring decisions come from.
    const full: number[] = [];
    for (const side of sides) full.push((await saturate(url(side), connections, seconds)).rps);
    const rate = full[0]! / 2;
    for (const side of sides) await paced(url(side), rate, connections, 6);
    console.log(`\n${scenario.title}: full speed ${full.map((rps) => rps.toFixed(0)).join(' / ')} req/s; paced at ${rate.toFixed(0)} req/s`); // prettier-ignore
    const runs = { 'app, V8 default': [], 'app, no pretenure': [], floor: [] } as Record<Side, PacedRun[]>;
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const index of [0, 1, 2, 2, 1, 0]) {
        const side = sides[index]!;
        const base = `http://127.0.0.1:${side.process.port}`;
        const run = await measured(base, scenario.query, side.process.child, rate);
        runs[side.name].push(run);
        console.log(`  ${side.name.padEnd(15)} p99 ${run.p99.toFixed(1).padStart(5)} ms, stall ${run.stallMs.toFixed(1).padStart(5)} ms, old generation ${run.oldGenerationMbPer10k.toFixed(2).padStart(6)} MB per 10k requests, ${run.fullGcs} full GCs`); // prettier-ignore
      }
    }
    results.push({ scenario: scenario.title, rate, runs });
  }
} finally {
  await Promise.all(sides.map((side) => side.process.stop()));
}

console.log(
  '\n| scenario | rate | p99 ms: V8 default / no pretenure / floor (medians) | p99 ÷ floor: V8 default / no pretenure | old generation MB per 10k requests, runs without a full GC: V8 default / no pretenure / floor | full GCs: V8 default / no pretenure / floor |',
);
console.log('|---|---:|---:|---:|---:|---:|');
const summary = results.map(({ scenario, rate, runs }) => {
  const of = (side: Side, pick: (run: PacedRun) => number) => median(runs[side].map(pick));
  const p99 = sides.map((side) => of(side.name, (run) => run.p99));
  // A full collection empties the old generation mid-run, so growth is read from the runs without one.
  const growth = sides.map((side) =>
    median(runs[side.name].filter((run) => run.fullGcs === 0).map((run) => run.oldGenerationMbPer10k)),
  );
  const gcs = sides.map((side) => runs[side.name].reduce((sum, run) => sum + run.fullGcs, 0));
  console.log(
    `| ${scenario} | ${rate.toFixed(0)} | ${p99.map((v) => v.toFixed(1)).join(' / ')} | ${(p99[0]! / p99[2]!).toFixed(2)} / ${(p99[1]! / p99[2]!).toFixed(2)} | ${growth.map((v) => (Number.isNaN(v) ? '–' : v.toFixed(2))).join(' / ')} | ${gcs.join(' / ')} |`,
  );
  return { scenario, rate, p99, growth, fullGcs: gcs, runs };
});
if (args.json)
  writeFileSync(args.json, JSON.stringify({ sides: sides.map((side) => side.name), summary }, null, 2));
