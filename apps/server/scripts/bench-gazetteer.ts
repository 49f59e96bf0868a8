// Measures the gazetteer's load and per-call costs; the numbers go in src/services/geo/index.ts.
// Usage: cd apps/server && npx tsx scripts/bench-gazetteer.ts
import { performance } from 'node:perf_hooks';
import { loadCityRows, loadWorldRows, loadZipRows } from '../src/services/geo/data.js';
import { createGazetteer } from '../src/services/geo/gazetteer.js';

function time<T>(label: string, fn: () => T): T {
  const start = performance.now();
  const result = fn();
  console.log(`${label}: ${(performance.now() - start).toFixed(1)} ms`);
  return result;
}

function perCall(label: string, n: number, fn: (i: number) => unknown): void {
  const start = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const us = ((performance.now() - start) * 1000) / n;
  console.log(`${label}: ${us.toFixed(1)} µs/call (${n} calls)`);
}

const { rows, source } = time('parse cities', () => loadCityRows());
console.log(`  source: ${source}`);
const world = time('parse world places', () => loadWorldRows());
const g = time('index the places (names)', () => createGazetteer(rows, loadZipRows, world));
time('first query with a typo (scans every name)', () => g.suggest('albequerque', 15));
time('first reverse (loads the ZIP table, builds the k-d trees)', () => g.reverse(41.88, -87.63));

const prefixQueries = [
  'chic',
  'new york',
  'St. Lo',
  'spri',
  'los an',
  'hous',
  'phoe',
  'sea',
  'port',
  'springfield, il',
];
const fuzzyQueries = ['albequerque', 'pittsburg', 'san fransisco', 'philadelfia', 'cincinatti', 'tuscon'];
const zipQueries = ['60601', '10001', '94103', '606', '9410'];
perCall('suggest, prefix hits', 10_000, (i) =>
  g.suggest(prefixQueries[i % prefixQueries.length] as string, 15),
);
perCall('suggest, needing fuzzy', 2_000, (i) =>
  g.suggest(fuzzyQueries[i % fuzzyQueries.length] as string, 15),
);
perCall('suggest, ZIP', 10_000, (i) => g.suggest(zipQueries[i % zipQueries.length] as string, 15));
// Random points over the contiguous US box (some in the sea, some in Canada/Mexico).
const points = Array.from(
  { length: 10_000 },
  () => [25 + Math.random() * 24, -124 + Math.random() * 57] as const,
);
perCall('reverse', 10_000, (i) => g.reverse(...(points[i] as readonly [number, number])));
perCall('forward', 10_000, (i) =>
  g.forward(['Chicago, IL', '60601', 'Portland OR', 'Saint Louis, MO'][i % 4] as string),
);
console.log(`RSS: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
