/**
 * Where the app's CPU goes while it answers the feed: spawns bench/feed/server.ts with `--cpu-prof` on an existing
 * bench database (`npm run bench:feed -- --rows 100000 --keep` leaves one), loads one scenario with autocannon,
 * stops the app and prints the profile's heaviest functions (self time) and the share of each package.
 *
 *   npx tsx bench/feed/profile.ts --url postgres://postgres@127.0.0.1:5432/rummage_bench_… \
 *     [--query 'page=1&pageSize=12&latitude=41.8781&longitude=-87.6298&radiusKm=40.2335'] [--seconds 10] [--top 40]
 *     [--plain: no profiler, CPU per request only] [--rate R: paced requests instead of saturating]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, startAppProcess } from './app-process.js';
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

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** "pkg" for node_modules/pkg/… (scoped too), "app:<path>" for the repo's own files, "node" for built-ins. */
function ownerOf(url: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:') || url === '') return url === '' ? '(native/gc/idle)' : 'node';
  const path = url.replace('file://', '');
  return path.startsWith(`${repoRoot}/`)
    ? `app:${path
        .slice(repoRoot.length + 1)
        .split('/')
        .slice(0, 4)
        .join('/')}`
    : url;
}

/** Samples from `fromMicros` on (V8 and process.hrtime both read the monotonic clock), so start-up is left out. */
function summarize(profile: Profile, top: number, fromMicros: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const owners = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < fromMicros) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    total += ms;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    owners.set(ownerOf(url), (owners.get(ownerOf(url)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)!.callFrame;
      const k = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`;
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + ms);
    }
  });
  const table = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`)
      .join('\n');
  return { total, self: table(self, top), inclusive: table(inclusive, top), owners: table(owners, 25) };
}

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
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profileDir}`);
const summary = summarize(
  JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile,
  Number(args.top),
  loadStart,
);
console.log(`\n# by package (${summary.total.toFixed(0)} ms sampled under load)\n${summary.owners}`);
console.log(`\n# self time\n${summary.self}`);
console.log(`\n# inclusive time\n${summary.inclusive}`);
rmSync(profileDir, { recursive: true, force: true });
