/**
 * bench/db: the app's own queries (its repository and service functions, through drizzle) on PGlite and on
 * PostgreSQL, with the same rows on both, one call at a time, engines alternating per block. Reports p50/p99 per
 * query and engine and PGlite ÷ PostgreSQL. Goal (docs/benchmarks.md#goals, db.indexed): PGlite ≤ 3× PostgreSQL
 * on indexed queries. See docs/benchmarks.md, "bench/db: PGlite against PostgreSQL on the same queries".
 *
 *   npm run bench:db [-- --rows 100000 --iterations 200 --rounds 3 --keep --json FILE]
 *
 * The rows: bench/feed's loader fills a fresh PostgreSQL database (rummage_bench_db_<timestamp> on
 * BENCH_DATABASE_URL's server), then bench/db/copy.ts copies them into a new PGlite data directory. Both are
 * removed at the end unless --keep. 100,000 listings by default: the copy takes ~20 s per 100k rows here.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { PGLITE_SHARED_BUFFERS_MB } from '../../apps/server/src/db/pglite-settings.js';
import { ensureCategories } from '../../apps/server/src/db/seed.js';
import { databaseNow, feedPage } from '../../apps/server/src/modules/marketplace/marketplace.repository.js';
import { createMarketplaceService } from '../../apps/server/src/modules/marketplace/marketplace.service.js';
import { memorySnapshotMemo } from '../../apps/server/src/modules/marketplace/snapshots.js';
import type { FeedPage } from '../../apps/server/src/modules/marketplace/marketplace.service.js';
import { imagesOf, likeCountsOf } from '../../apps/server/src/modules/product/product.cards.js';
import { findListing } from '../../apps/server/src/modules/product/product.repository.js';
import { repoRoot } from '../feed/app-process.js';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  loadListings,
  migrate,
  serverInfo,
} from '../feed/database.js';
import { percentile } from '../feed/http.js';
import { loadAverage, machine as describeMachine, machineLine } from '../feed/machine.js';
import { markdownTable, median } from '../feed/report.js';
import { copyToPglite } from './copy.js';

const GOAL = 3;
/** The goal: the feed's statements on PGlite at most this many times PostgreSQL's p50. */
const FEED_GOAL = 2;
const CHICAGO = { latitude: 41.8781, longitude: -87.6298, radiusKm: 25 * 1.60934 };

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
    /** PGlite's shared_buffers in MB (the server's PGLITE_SHARED_BUFFERS_MB); its default when not given. */
    'shared-buffers-mb': { type: 'string' },
  },
});
const whole = (name: 'rows' | 'iterations' | 'rounds') => {
  const n = Number(String(args[name]).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const rows = whole('rows');
const iterations = whole('iterations');
const rounds = whole('rounds');
const sharedBuffersMb =
  args['shared-buffers-mb'] === undefined ? undefined : Number(args['shared-buffers-mb']);
if (sharedBuffersMb !== undefined && !(Number.isInteger(sharedBuffersMb) && sharedBuffersMb >= 1))
  throw new Error('--shared-buffers-mb must be a positive whole number');

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `rummage_bench_db_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
const url = databaseUrl(adminUrl, dbName);
const workDir = mkdtempSync(join(os.tmpdir(), 'rummage-bench-db-'));
const log = (line: string) => console.log(line);
const seconds1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Context {
  snapshot: Date;
  /** The i-th product id of a fixed pseudo-random sequence (the same on both engines). */
  productId(i: number): number;
  /** The ids of one feed page, for the photo and like-count queries of the profile tabs. */
  pageIds: number[];
}

interface Query {
  name: string;
  /** Whether the goal applies: an index-backed read; primary-key lookups are reported apart, as in the notes. */
  kind: 'indexed' | 'primary key' | 'whole request';
  run(db: Database, i: number, ctx: Context): Promise<unknown>;
  /** The part of the answer both engines must agree on (default: all of it). */
  answer?(result: unknown): unknown;
}

const page = (ctx: Context, extra: { search?: string; circle?: typeof CHICAGO }) => ({
  page: 1,
  pageSize: 12,
  snapshot: ctx.snapshot,
  ...extra,
});
const store = { url: (key: string) => `/uploads/${key}` };

// Each feed page is one statement (snapshot, page, photos, like counts), or two when a radius page's newest-first
// window does not fill it; the count per call is measured on PostgreSQL and printed next to the timings.
const QUERIES: Query[] = [
  {
    name: 'feed page, 25 mi around Chicago',
    kind: 'indexed',
    run: (db, _i, ctx) => feedPage(db, page(ctx, { circle: CHICAGO })),
  },
  {
    name: 'feed page, 25 mi + "vintage"',
    kind: 'indexed',
    run: (db, _i, ctx) => feedPage(db, page(ctx, { circle: CHICAGO, search: 'vintage' })),
  },
  {
    name: 'search "vintage", no location',
    kind: 'indexed',
    run: (db, _i, ctx) => feedPage(db, page(ctx, { search: 'vintage' })),
  },
  { name: 'feed page, no location', kind: 'indexed', run: (db, _i, ctx) => feedPage(db, page(ctx, {})) },
  {
    // The same statement as page 1 but for its sizes, which are parameters here: never prepared by name, so
    // PostgreSQL parses and plans it on every call, as PGlite does for every statement.
    name: 'feed page 2, no location',
    kind: 'indexed',
    run: (db, _i, ctx) => feedPage(db, { ...page(ctx, {}), page: 2 }),
  },
  {
    // The feed carries these inside its statement; a profile's store and sold tabs still ask for them apart.
    name: 'photos + like counts of 12 cards (profile tabs)',
    kind: 'indexed',
    run: (db, _i, ctx) => Promise.all([imagesOf(db, ctx.pageIds), likeCountsOf(db, ctx.pageIds)]),
  },
  { name: 'product by id', kind: 'primary key', run: (db, i, ctx) => findListing(db, ctx.productId(i)) },
  {
    name: 'feed request, whole service, 25 mi',
    kind: 'whole request',
    run: (db, i) =>
      createMarketplaceService({ db, store, memo: memorySnapshotMemo() }).feed(
        { page: 1, pageSize: 12, search: undefined, ...CHICAGO },
        () => `bench-${i}`,
      ),
    // `before` is each engine's own clock.
    answer: (result) => (result as FeedPage).data,
  },
];

/** The feed's own statements (its pages, with and without search), which the goal's ≤ 2× is about. */
const isFeedStatement = (query: Pick<Query, 'name'>) =>
  query.name.startsWith('feed page') || query.name.startsWith('search');

/** Maps (imagesOf, likeCountsOf) compared by their entries: JSON.stringify writes every Map as {}. */
const comparable = (query: Query, result: unknown) =>
  JSON.stringify(query.answer ? query.answer(result) : result, (_key, value: unknown) =>
    value instanceof Map ? [...value] : value,
  );

/** Statements one call sends to PostgreSQL: each takes a client from the pool (drizzle calls pool.query). */
async function statementsOf(pool: pg.Pool, query: Query, db: Database, ctx: Context): Promise<number> {
  let n = 0;
  const count = () => void n++;
  pool.on('acquire', count);
  try {
    await query.run(db, 0, ctx);
  } finally {
    pool.off('acquire', count);
  }
  return n;
}

interface Engine {
  name: 'PostgreSQL' | 'PGlite';
  handle: DatabaseHandle;
}

let handles: DatabaseHandle[] = [];
let created = false;

async function cleanUp(): Promise<void> {
  await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
  handles = [];
  if (created && !args.keep) {
    await dropDatabase(adminUrl, dbName).catch((error: unknown) => console.error('drop failed:', error));
    created = false;
  }
  if (args.keep) log(`kept ${url} and ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  console.error('\ninterrupted: cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

async function timed(engine: Engine, query: Query, ctx: Context, from: number, count: number) {
  const latencies: number[] = [];
  for (let i = from; i < from + count; i++) {
    const started = performance.now();
    await query.run(engine.handle.db, i, ctx);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function main() {
  const machine = { ...describeMachine(), ...(await serverInfo(adminUrl)) };
  const pgliteVersion = (
    JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  log(
    `# bench/db: ${rows.toLocaleString('en-US')} listings, ${rounds} rounds × ${iterations} calls per query`,
  );
  log(machineLine(machine));
  log(
    `PostgreSQL: ${machine.version} (${machine.settings}); PGlite ${pgliteVersion}, in this process, ` +
      `shared_buffers ${sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB}MB`,
  );

  await createDatabase(adminUrl, dbName);
  created = true;
  await migrate(url);
  const load = await loadListings(url, rows);
  log(`\nPostgreSQL: loaded in ${seconds1(load.insertMs + load.indexMs + load.vacuumMs)}`);

  const lite = await openDatabase({ kind: 'pglite', dir: join(workDir, 'pglite'), sharedBuffersMb });
  handles.push(lite);
  await lite.migrate();
  await ensureCategories(lite.db);
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  try {
    const copy = await copyToPglite(source, (lite.db as unknown as { $client: PGlite }).$client);
    log(
      `PGlite: copied ${Object.entries(copy.rows)
        .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
        .join(', ')} in ${seconds1(copy.ms)}`,
    );
  } finally {
    await source.end();
  }
  const server = await openDatabase({ kind: 'pg', url });
  handles.push(server);
  const engines: Engine[] = [
    { name: 'PostgreSQL', handle: server },
    { name: 'PGlite', handle: lite },
  ];

  const snapshot = await databaseNow(server.db);
  const pool = (server.db as unknown as { $client: pg.Pool }).$client;
  const { rows: range } = await pool.query<{ min: string; max: string }>(
    'select min(id) as min, max(id) as max from products',
  );
  const [min, max] = [Number(range[0]?.min), Number(range[0]?.max)];
  const firstPage = await feedPage(server.db, { page: 1, pageSize: 12, snapshot, circle: CHICAGO });
  const ctx: Context = {
    snapshot,
    productId: (i) => min + ((i * 2_654_435_761) % (max - min + 1)),
    pageIds: firstPage.map((row) => row.id),
  };
  // Same answers on both engines, or the comparison means nothing.
  const statements = new Map<string, number>();
  for (const query of QUERIES) {
    const [a, b] = await Promise.all(engines.map((e) => query.run(e.handle.db, 0, ctx)));
    if (comparable(query, a) !== comparable(query, b))
      throw new Error(`"${query.name}" answers differently on PGlite`);
    statements.set(query.name, await statementsOf(pool, query, server.db, ctx));
  }
  log(`answers identical on both engines for all ${QUERIES.length} queries`);

  const samples = new Map<string, { PostgreSQL: number[]; PGlite: number[]; ratios: number[] }>();
  for (const query of QUERIES) {
    const entry = { PostgreSQL: [] as number[], PGlite: [] as number[], ratios: [] as number[] };
    samples.set(query.name, entry);
    for (const engine of engines) await timed(engine, query, ctx, 0, 20);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? engines : [...engines].reverse();
      const p50 = { PostgreSQL: NaN, PGlite: NaN };
      for (const engine of order) {
        const latencies = await timed(engine, query, ctx, round * iterations, iterations);
        entry[engine.name].push(...latencies);
        p50[engine.name] = percentile(latencies, 50);
      }
      entry.ratios.push(p50.PGlite / p50.PostgreSQL);
    }
    const [a, b] = [entry.PostgreSQL, entry.PGlite];
    log(
      `${query.name} (${statements.get(query.name)} st.): PostgreSQL p50 ${percentile(a, 50).toFixed(2)} ms, PGlite p50 ${percentile(b, 50).toFixed(2)} ms ` +
        `(rounds: ${entry.ratios.map((r) => r.toFixed(2)).join(' ')})`,
    );
  }

  const fixed = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const table = markdownTable(
    [
      'query',
      'kind',
      'statements',
      'PostgreSQL p50 / p99 ms',
      'PGlite p50 / p99 ms',
      'PGlite ÷ PG, p50',
      'p99',
      `goal ≤ ${GOAL}×`,
      `feed's statements ≤ ${FEED_GOAL}×`,
    ],
    QUERIES.map((query) => {
      const entry = samples.get(query.name)!;
      const [a, b] = [entry.PostgreSQL, entry.PGlite];
      const ratio = median(entry.ratios);
      return [
        query.name,
        query.kind,
        String(statements.get(query.name)),
        `${fixed(percentile(a, 50))} / ${fixed(percentile(a, 99))}`,
        `${fixed(percentile(b, 50))} / ${fixed(percentile(b, 99))}`,
        fixed(ratio),
        fixed(percentile(b, 99) / percentile(a, 99), 1),
        query.kind === 'indexed' ? (ratio <= GOAL ? 'met' : 'missed') : '',
        isFeedStatement(query) ? (ratio <= FEED_GOAL ? 'met' : 'missed') : '',
      ];
    }),
  );
  log(
    `\n# Results (${rows.toLocaleString('en-US')} listings, ${rounds} × ${iterations} sequential calls per query)`,
  );
  log(`load average at start ${machine.loadAverageAtStart}, at end ${loadAverage()}\n`);
  log(table);
  if (args.json) {
    const summary = Object.fromEntries(
      [...samples].map(([name, e]) => [
        name,
        {
          postgres: { p50: percentile(e.PostgreSQL, 50), p99: percentile(e.PostgreSQL, 99) },
          pglite: { p50: percentile(e.PGlite, 50), p99: percentile(e.PGlite, 99) },
          statements: statements.get(name),
          ratios: e.ratios,
          ...(isFeedStatement({ name }) && {
            feedGoal: FEED_GOAL,
            feedGoalMet: median(e.ratios) <= FEED_GOAL,
          }),
        },
      ]),
    );
    writeFileSync(
      args.json,
      JSON.stringify({ date: new Date(), rows, iterations, rounds, machine, summary }, null, 2),
    );
    log(`\nwrote ${args.json}`);
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
