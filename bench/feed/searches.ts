/**
 * bench/feed's search table ("Search in sparse areas"): page 1 of the feed for each place (no location,
 * 25 miles around Chicago, 25 miles around Pierre, SD) and each search (a word nobody used, two words no listing has
 * together, "oak lamp", "furniture" (a category), "lamp", "vintage", a typo, a synonym, an excluded word, none), read side by side in one run: the two
 * plans of before the grid (the words always counted, then the full query, which ANDs the box's and the words'
 * indexes, or the words gathered first), the box read alone after the same count (for reference), and the app's
 * choice now (a wider window when the first held 2 or more matches, `widerWindow`; then the grid's estimate of
 * the box, a small box read box first with no count, a larger one counted as before). Each call is `readFeedWith`
 * over the app's own reader (drizzle over node-postgres, prepared statements), timed in this process. The ways take turns within each row, after one
 * untimed round, in orders where each follows every other equally often (a heavy read slows the one after it).
 * The table gives each way's median and the median of the per-round ratios of the grid to the better plan of
 * before. Every way must answer the same cards (checked).
 *
 *   npm run bench:searches [-- --rows 1000000 --runs 16 --keep --json f]       # loads its own database
 *   npm run bench:searches -- --url postgres://…/rummage_bench_…               # a database kept with --keep
 *
 * A database loaded before migration 0011 gets it here (its grid is counted then).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import {
  feedReader,
  readFeedWith,
  type FeedFilter,
  type FeedReader,
  type RawSearchWords,
} from '../../apps/server/src/modules/marketplace/marketplace.repository.js';
import type { Circle } from '../../apps/server/src/modules/marketplace/radius.js';
import { findOrStartPostgres, type Cluster } from './cluster.js';
import { createDatabase, databaseUrl, dropDatabase, loadListings, migrate, serverInfo } from './database.js';
import { loadAverage, machine as describeMachine, machineLine } from './machine.js';
import { markdownTable, median } from './report.js';

const RADIUS_KM = 25 * 1.60934;
const PLACES: ReadonlyArray<[name: string, circle: Circle | undefined]> = [
  ['no location', undefined],
  ['25 mi around Chicago', { latitude: 41.8781, longitude: -87.6298, radiusKm: RADIUS_KM }],
  ['25 mi around Pierre, SD', { latitude: 44.3683, longitude: -100.351, radiusKm: RADIUS_KM }],
];
/** bench/feed's vocabulary (database.ts) has no rare word: the rare cases are words it lacks or never pairs. */
const SEARCHES: ReadonlyArray<[name: string, search: string | undefined]> = [
  ['a word nobody used', 'zeppelin'],
  ['two words never together', 'kayak typewriter'],
  ['"oak lamp"', 'oak lamp'],
  ['"furniture" (a category)', 'furniture'],
  ['"lamp"', 'lamp'],
  ['"vintage"', 'vintage'],
  // The forgiving search (docs/product.md, "Search"): no listing has these words as typed.
  ['a typo ("vintge lamp")', 'vintge lamp'],
  ['a synonym ("couch")', 'couch'],
  // An excluded word leaves out its synonyms too ("couch", "settee").
  ['an excluded word ("lamp -sofa")', 'lamp -sofa'],
  ['no words', undefined],
];
/**
 * Before the grid: the words counted, then the full query ('full': the box's and the words' indexes together, the
 * plan for a common word) or the words first (a rare word). Now: the grid chooses. Also shown: the box read alone
 * ('box-first', the read the grid picks for a small box), after the count, to see where it pays.
 */
const WAYS = ['full', 'words-first', 'box-first', 'grid'] as const;
/** The rounds' orders (a Williams square): over 4 rounds, each way comes right after each other way once. */
const ORDERS = [
  [0, 1, 3, 2],
  [1, 2, 0, 3],
  [2, 3, 1, 0],
  [3, 0, 2, 1],
];
type Way = (typeof WAYS)[number];

export interface SearchRow {
  place: string;
  search: string;
  /** Median milliseconds of the whole page (every statement), by way. */
  ms: Record<Way, number>;
  /** All timings, by way. */
  samples: Record<Way, number[]>;
  /** How the count chose before the grid (the faster of the two old plans is what it should have chosen). */
  countedChose: string;
  /** How the grid chose: the read, the box's estimate, the count when one ran. */
  gridChose: string;
  /**
   * grid ÷ the better of the two plans of before the grid ('full' or 'words-first', by median), per round (the
   * calls of one round ran back to back), and the median and quartiles of those ratios (docs/benchmarks.md, Method).
   */
  ratios: number[];
  ratio: number;
  ratioQuartiles: [number, number];
}

/** Records how a page was read: the statements' reads, the grid's estimate, what the words statement answered. */
function recording(reader: FeedReader) {
  const seen: { reads: string[]; boxListings?: number; words?: RawSearchWords } = { reads: [] };
  const wrapped: FeedReader = {
    page(shape, values) {
      seen.reads.push(shape.tail ? `tail ${shape.read}` : shape.read);
      return reader.page(shape, values);
    },
    count(shape, values) {
      seen.reads.push('count');
      return reader.count(shape, values);
    },
    async boxListings(values) {
      seen.boxListings = await reader.boxListings(values);
      return seen.boxListings;
    },
    async searchWords(search, count) {
      seen.words = await reader.searchWords(search, count);
      return seen.words;
    },
    rows: reader.rows,
  };
  return { seen, wrapped };
}

function described(seen: ReturnType<typeof recording>['seen']): string {
  const facts = [
    seen.boxListings !== undefined && `box ≈ ${Math.round(seen.boxListings)}`,
    seen.words?.matches != null && `words ${seen.words.matches > 2_000 ? '> 2000' : seen.words.matches}`,
  ].filter(Boolean);
  const reads = seen.reads.join(' → ');
  return facts.length ? `${reads} (${facts.join(', ')})` : reads;
}

export async function searchTable(db: DatabaseHandle['db'], runs: number, log: (line: string) => void) {
  const base = feedReader(db);
  const rows: SearchRow[] = [];
  for (const [place, circle] of PLACES) {
    for (const [name, search] of SEARCHES) {
      const filter = (way: Way | 'counted'): FeedFilter => ({
        page: 1,
        pageSize: 12,
        search,
        circle,
        plan: way,
      });
      const samples = Object.fromEntries(WAYS.map((way) => [way, []])) as unknown as Record<Way, number[]>;
      const chose: Partial<Record<Way | 'counted', string>> = {};
      const answers: Partial<Record<Way, string>> = {};
      // The first round warms the caches and prepares the statements; it is not timed.
      for (let run = -1; run < runs; run++) {
        for (const index of ORDERS[Math.max(run, 0) % ORDERS.length]!) {
          const way = WAYS[index]!;
          const { seen, wrapped } = recording(base);
          const started = performance.now();
          const page = await readFeedWith(wrapped, filter(way));
          const ms = performance.now() - started;
          if (run >= 0) samples[way].push(ms);
          chose[way] = described(seen);
          answers[way] = JSON.stringify(page.rows.map((row) => row.id));
        }
      }
      if (new Set(Object.values(answers)).size !== 1)
        throw new Error(`${place}, ${name}: the ways answered different cards: ${JSON.stringify(answers)}`);
      // What the count alone chose (the plan of before the grid), read once more, untimed.
      const { seen, wrapped } = recording(base);
      await readFeedWith(wrapped, filter('counted'));
      chose.counted = described(seen);
      const ms = Object.fromEntries(WAYS.map((way) => [way, median(samples[way])])) as Record<Way, number>;
      const row: SearchRow = {
        place,
        search: name,
        ms,
        samples,
        countedChose: chose.counted,
        gridChose: chose.grid!,
        ...pairedRatios(samples, ms.full <= ms['words-first'] ? 'full' : 'words-first'),
      };
      rows.push(row);
      log(`${place}, ${name}: ${WAYS.map((way) => `${way} ${ms[way].toFixed(2)} ms`).join(', ')}; grid: ${row.gridChose}`); // prettier-ignore
    }
  }
  return rows;
}

function pairedRatios(samples: Record<Way, number[]>, better: Way) {
  const ratios = samples.grid.map((ms, round) => ms / samples[better][round]!);
  const sorted = [...ratios].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.round(share * (sorted.length - 1))]!;
  return { ratios, ratio: median(ratios), ratioQuartiles: [at(0.25), at(0.75)] as [number, number] };
}

/**
 * Met: the median ratio at or below 1. Within noise: above, but the grid was at or below the better plan in at
 * least a quarter of the rounds (the lower quartile ≤ 1), as happens when both run the same statements.
 */
export const verdict = (row: Pick<SearchRow, 'ratio' | 'ratioQuartiles'>) =>
  row.ratio <= 1 ? 'yes' : row.ratioQuartiles[0] <= 1 ? 'noise' : 'no';

export function searchTableText(rows: SearchRow[]): string {
  return markdownTable(
    [
      'search',
      'before: full',
      'words first',
      'counted chose',
      'box alone',
      'grid',
      'grid ÷ better (quartiles)',
      'met',
      'grid chose',
    ],
    rows.map((row) => [
      `${row.place}, ${row.search}`,
      `${row.ms.full.toFixed(2)} ms`,
      `${row.ms['words-first'].toFixed(2)} ms`,
      row.countedChose,
      `${row.ms['box-first'].toFixed(2)} ms`,
      `${row.ms.grid.toFixed(2)} ms`,
      `${row.ratio.toFixed(2)} (${row.ratioQuartiles.map((r) => r.toFixed(2)).join('–')})`,
      verdict(row),
      row.gridChose,
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string' },
      rows: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '16' },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const runs = Number(args.runs);
  const rowCount = Number(args.rows.replace(/_/g, ''));
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(rowCount) || rowCount < 1)
    throw new Error('--runs and --rows must be positive whole numbers');
  const log = (line: string) => console.log(line);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rummage_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  let cluster: Cluster | undefined;
  let url = args.url;
  let created = false;
  try {
    if (!url) {
      cluster = await findOrStartPostgres(adminUrl, log);
      url = databaseUrl(cluster.adminUrl, name);
      await createDatabase(cluster.adminUrl, name);
      created = true;
      log(`created ${name}; loading ${rowCount.toLocaleString('en-US')} listings`);
    }
    const machine = { ...describeMachine(), ...(await serverInfo(url)) };
    log(machineLine(machine));
    log(`database: ${machine.version} (${machine.settings})`);
    await migrate(url);
    if (created) await loadListings(url, rowCount);
    const handle = await openDatabase({ kind: 'pg', url, poolSize: 1 });
    let rows: SearchRow[];
    try {
      rows = await searchTable(handle.db, runs, log);
    } finally {
      await handle.close();
    }
    log(
      `\n# Searches: page 1 of 12, median of ${runs} calls each way, interleaved (${url.replace(/.*\//, '')})`,
    );
    log(`load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()}\n`);
    log(searchTableText(rows));
    if (args.json) {
      const report = { searches: rows, runs, date: new Date(), machine, load: { end: loadAverage() } };
      writeFileSync(args.json, JSON.stringify(report, null, 2));
      log(`\nwrote ${args.json}`);
    }
  } finally {
    if (created && cluster && !args.keep) await dropDatabase(cluster.adminUrl, name);
    else if (created) log(`kept ${url}`);
    cluster?.stop?.();
  }
}
