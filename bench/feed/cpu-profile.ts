/**
 * A `node --cpu-prof` profile read back: the heaviest functions (self and inclusive time) and each package's share,
 * over the samples of a time window only (bench/feed/profile.ts, bench/hub-failover --storm).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './app-process.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
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

/** Samples from `fromMicros` to `untilMicros` (V8 and process.hrtime both read the monotonic clock), so start-up is left out. */
export function summarize(profile: Profile, top: number, fromMicros: number, untilMicros = Infinity) {
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
    if (at < fromMicros || at > untilMicros) return;
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

/** The one profile a process wrote into `dir` when it exited. */
export function readProfile(dir: string): Profile {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
}

/** The summary as the benches print it. */
export function printSummary(summary: ReturnType<typeof summarize>, log = console.log): void {
  log(`\n# by package (${summary.total.toFixed(0)} ms sampled)\n${summary.owners}`);
  log(`\n# self time\n${summary.self}`);
  log(`\n# inclusive time\n${summary.inclusive}`);
}
