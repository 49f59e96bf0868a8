/**
 * Where the app's CPU goes while it answers the feed: spawns bench/feed/server.ts with `--cpu-prof` on an existing
 * bench database (`npm run bench:feed -- --rows 100000 --keep` leaves one), loads one scenario with autocannon,
 * stops the app and prints the profile's heaviest functions (self time) and the share of each package.
 *
 *   npx tsx bench/feed/profile.ts --url postgres://postgres@127.0.0.1:5432/rummage_bench_… \
 *     [--query 'page=1&pageSize=12&latitude=41.8781&longitude=-87.6298&radiusKm=40.2335'] [--seconds 10] [--top 40]
 *     [--plain: no profiler, CPU per request only] [--rate R: paced requests instead of saturating]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startAppProcess } from './app-process.js';
import { printSummary, readProfile, summarize } from './cpu-profile.js';
import { processCpuSplitMs } from './cpu.js';
import { paced, saturate } from './http.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    query: {
      type: 'string',
      default: 'page=1&pageSize=12&latitude=41.8781&longitude=-87.6298&radiusKm=40.2335',
    },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    top: { type: 'string', default: '40' },
    /** Paced open-loop requests at this rate (req/s) instead of saturating (latency under a steady load). */
    rate: { type: 'string' },
    /** Without the profiler: only the CPU split, as the bench measures it. */
    plain: { type: 'boolean', default: false },
  },
});
if (!args.url) throw new Error('--url of a bench database is required');

const profileDir = mkdtempSync(join(tmpdir(), 'rummage-feed-profile-'));
let loadStart = 0;
const profiler = args.plain ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
const app = await startAppProcess(args.url, undefined, profiler);
try {
  const target = `http://127.0.0.1:${app.port}/api/Marketplace/products?${args.query}`;
  await saturate(target, Number(args.connections), 3);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  loadStart = Number(process.hrtime.bigint() / 1000n);
  const before = processCpuSplitMs(app.child.pid!);
  const connections = Number(args.connections);
  const run = args.rate
    ? await paced(target, Number(args.rate), connections, Number(args.seconds))
    : await saturate(target, connections, Number(args.seconds));
  const after = processCpuSplitMs(app.child.pid!);
  const per = (ms: number) => (ms / run.requests).toFixed(3);
  console.log(
    `${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, app CPU ms/req ` +
      `${per(after.user - before.user)} user + ${per(after.system - before.system)} system ` +
      (args.plain ? '' : '(profiler on: slower than without)'),
  );
} finally {
  await app.stop();
}
if (args.plain) {
  rmSync(profileDir, { recursive: true, force: true });
  process.exit(0);
}
printSummary(summarize(readProfile(profileDir), Number(args.top), loadStart));
rmSync(profileDir, { recursive: true, force: true });
