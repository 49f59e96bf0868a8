/**
 * bench/alerts: matching one new listing against 100,000 saved searches (docs/product.md §14), on PostgreSQL and
 * PGlite. Times the matching job's own statement (recordMatchesStatement: the GiST box prefilter, then the feed's
 * radius and words against each search's stored tsquery, inserting the new pairs) and, side by side in the same
 * run, the same statement without the prefilter (every saved search checked with the same formula), and their
 * ratio. No notifications are sent. Goals: p95 ≤ 50 ms on PostgreSQL, ≤ 150 ms on PGlite: met (2026-11-26,
 * PostgreSQL 36.9 ms, PGlite 65.3 ms; docs/benchmarks-history.md, "bench/alerts").
 *
 *   npm run bench:alerts [-- --searches 100000 --iterations 200 --keep --json FILE]
 *
 * Saved searches and listings are placed alike (data-set.ts): the gazetteer's US cities by population, spread over
 * a disc per city. Radii: 25 miles for 65%, 5 or 10 for 20%, 50 or 100 for 15%. Words on 90% (a noun, or an
 * adjective and a noun). Each timed call matches a fresh listing (new ids, so every pair is new) at another point,
 * in random order of the two statements; the first 20 are warm-up. Next to the timings: how many new pairs each
 * listing made (the work that remains in a dense city), and the load average at the start and the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { categories, products, savedSearches } from '../../apps/server/src/db/schema.js';
import { ensureCategories } from '../../apps/server/src/db/seed.js';
import { circleValues } from '../../apps/server/src/modules/marketplace/radius.js';
import { recordMatchesStatement } from '../../apps/server/src/modules/saved-search/matches.statement.js';
import { createDatabase, databaseUrl, dropDatabase, serverInfo } from '../feed/database.js';
import { percentile } from '../feed/http.js';
import { machine as describeMachine, loadAverage, machineLine } from '../feed/machine.js';
import { markdownTable } from '../feed/report.js';
import { cityPoint, gazetteerSize, listingTitle, pick, radiusKm, random, savedWords } from './data-set.js';

const GOALS = { PostgreSQL: 50, PGlite: 150 } as const;
const WARM_UP = 20;
const SEARCHERS = 5_000;

const { values: args } = parseArgs({
  options: {
    searches: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const whole = (name: 'searches' | 'iterations') => {
  const n = Number(String(args[name]).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const searchCount = whole('searches');
const iterations = whole('iterations');

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `rummage_bench_alerts_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
const url = databaseUrl(adminUrl, dbName);
const workDir = mkdtempSync(join(os.tmpdir(), 'rummage-bench-alerts-'));
const log = (line: string) => console.log(line);

/** The people and their saved searches, inserted through drizzle in batches (the same rows on both engines). */
async function fill(db: Database): Promise<number> {
  const started = performance.now();
  await ensureCategories(db);
  await db.execute(sql`insert into users (username, email, password_hash)
    select 'searcher' || i, 'searcher' || i || '@bench.test', 'x' from generate_series(1, ${SEARCHERS + 1}) as i`);
  const next = random(19);
  const batch = 2_000;
  for (let done = 0; done < searchCount; done += batch) {
    const rows = Array.from({ length: Math.min(batch, searchCount - done) }, (_, i) => {
      const point = cityPoint(next);
      return {
        userId: 2 + ((done + i) % SEARCHERS),
        search: savedWords(next),
        placeLabel: null,
        ...circleValues({ ...point, radiusKm: radiusKm(next) }),
      };
    });
    await db.insert(savedSearches).values(rows);
  }
  await db.execute(sql`analyze`);
  return performance.now() - started;
}

type Way = 'indexed' | 'naive';
const PAIR_PERCENTILES = [50, 90, 95, 99] as const;

interface EngineResult {
  fillMs: number;
  ms: Record<Way, number[]>;
  matches: Record<Way, number[]>;
  plan: string;
}

async function measure(name: string, handle: DatabaseHandle): Promise<EngineResult> {
  const { db } = handle;
  const fillMs = await fill(db);
  log(`${name}: ${searchCount.toLocaleString('en-US')} saved searches in ${(fillMs / 1000).toFixed(1)} s`);
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((row) => row.id);
  const next = random(7);
  const newListing = async (
    title: string,
    point: { latitude: number; longitude: number },
    categoryId: number,
  ) => {
    const [row] = await db
      .insert(products)
      .values({ sellerId: 1, title, description: 'A bench listing.', price: 10, ...point, categoryId })
      .returning({ id: products.id });
    return row!.id;
  };
  const run = async (productId: number, way: Way) => {
    const started = performance.now();
    const result = (await db.execute(
      recordMatchesStatement(productId, { prefilter: way === 'indexed' }),
    )) as unknown as {
      rows: unknown[];
    };
    return { ms: performance.now() - started, matches: result.rows.length };
  };
  const result: EngineResult = {
    fillMs,
    ms: { indexed: [], naive: [] },
    matches: { indexed: [], naive: [] },
    plan: '',
  };
  for (let i = 0; i < WARM_UP + iterations; i++) {
    const point = cityPoint(next);
    const title = listingTitle(next);
    const categoryId = pick(next, categoryIds);
    const ways: Way[] = next() < 0.5 ? ['indexed', 'naive'] : ['naive', 'indexed'];
    for (const way of ways) {
      const timed = await run(await newListing(title, point, categoryId), way);
      if (i < WARM_UP) continue;
      result.ms[way].push(timed.ms);
      result.matches[way].push(timed.matches);
    }
  }
  const probe = await newListing('vintage lamp', { latitude: 40.7831, longitude: -73.9712 }, categoryIds[0]!);
  const explained = (await db.execute(
    sql`explain (analyze, costs off, timing off, summary off) ${recordMatchesStatement(probe)}`,
  )) as unknown as { rows: Array<Record<string, string>> };
  result.plan = explained.rows.map((row) => Object.values(row)[0]).join('\n');
  return result;
}

/** The work behind the timings: how many new pairs each timed listing made. */
function pairRows(results: Record<string, EngineResult>): string[][] {
  return Object.entries(results).map(([engine, r]) => {
    const pairs = r.matches.indexed;
    const mean = pairs.reduce((sum, n) => sum + n, 0) / pairs.length;
    return [
      engine,
      ...PAIR_PERCENTILES.map((p) => percentile(pairs, p).toLocaleString('en-US')),
      Math.max(...pairs).toLocaleString('en-US'),
      mean.toFixed(0),
    ];
  });
}

const handles: DatabaseHandle[] = [];
let created = false;
try {
  const machine = { ...describeMachine(), ...(await serverInfo(adminUrl)) };
  log(
    `# bench/alerts: ${searchCount.toLocaleString('en-US')} saved searches, ${iterations} listings per way`,
  );
  log(machineLine(machine));
  log(
    `gazetteer: ${gazetteerSize.cities.toLocaleString('en-US')} US cities, ${gazetteerSize.population.toLocaleString('en-US')} people`,
  );
  log(`PostgreSQL: ${machine.version} (${machine.settings}); PGlite in this process`);
  await createDatabase(adminUrl, dbName);
  created = true;
  const server = await openDatabase({ kind: 'pg', url });
  handles.push(server);
  await server.migrate();
  const lite = await openDatabase({ kind: 'pglite', dir: join(workDir, 'pglite') });
  handles.push(lite);
  await lite.migrate();
  const results: Record<string, EngineResult> = {
    PostgreSQL: await measure('PostgreSQL', server),
    PGlite: await measure('PGlite', lite),
  };
  const ms = (value: number) => value.toFixed(1);
  const table = Object.entries(results).map(([engine, r]) => {
    const [p50, p95] = [percentile(r.ms.indexed, 50), percentile(r.ms.indexed, 95)];
    const [n50, n95] = [percentile(r.ms.naive, 50), percentile(r.ms.naive, 95)];
    const goal = GOALS[engine as keyof typeof GOALS];
    return [
      engine,
      ms(p50),
      ms(p95),
      ms(n50),
      ms(n95),
      `${(n50 / p50).toFixed(1)}×`,
      `${(n95 / p95).toFixed(1)}×`,
      `≤ ${goal} ms: ${p95 <= goal ? 'met' : 'missed'}`,
    ];
  });
  log('');
  log(
    markdownTable(
      [
        'engine',
        'match p50 ms',
        'match p95 ms',
        'naive p50 ms',
        'naive p95 ms',
        'naive ÷ match (p50)',
        'naive ÷ match (p95)',
        'p95 goal',
      ],
      table,
    ),
  );
  log('');
  log(
    markdownTable(
      ['engine', ...PAIR_PERCENTILES.map((p) => `new pairs p${p}`), 'max', 'mean'],
      pairRows(results),
    ),
  );
  log(`\nload average at the end: ${loadAverage()}`);
  for (const [engine, r] of Object.entries(results)) {
    const same = r.matches.indexed.every((n, i) => n === r.matches.naive[i]);
    log(`\n${engine}: both ways found the same matches for every listing: ${same ? 'yes' : 'NO'}`);
    log(`${engine} plan of the match statement (a listing in Manhattan):\n${r.plan}`);
  }
  if (args.json) {
    const summary = Object.fromEntries(
      Object.entries(results).map(([engine, r]) => [
        engine,
        {
          fillMs: r.fillMs,
          match: { p50: percentile(r.ms.indexed, 50), p95: percentile(r.ms.indexed, 95) },
          naive: { p50: percentile(r.ms.naive, 50), p95: percentile(r.ms.naive, 95) },
          newPairs: Object.fromEntries(
            PAIR_PERCENTILES.map((p) => [`p${p}`, percentile(r.matches.indexed, p)]),
          ),
          plan: r.plan,
        },
      ]),
    );
    writeFileSync(
      args.json,
      `${JSON.stringify({ searches: searchCount, iterations, machine, loadAverageAtEnd: loadAverage(), summary }, null, 2)}\n`,
    );
    log(`\nwrote ${args.json}`);
  }
} finally {
  for (const handle of handles) await handle.close();
  if (created && !args.keep) await dropDatabase(adminUrl, dbName);
  if (!args.keep) rmSync(workDir, { recursive: true, force: true });
  else log(`kept: PostgreSQL database ${dbName}, PGlite in ${workDir}`);
}
