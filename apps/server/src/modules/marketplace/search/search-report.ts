/**
 * The zero-result report (docs/product.md, "Search"): how often the marketplace was searched and which words found
 * nothing, counted per day and words. Nothing says who searched.
 */
import { sql } from 'drizzle-orm';
import type { SearchReportResponse } from '@rummage/contract';
import { queryRows, type Database } from '../../../db/client.js';
import { searchCounts } from '../../../db/schema.js';

/** Days a day's counts are kept; the purge job sweeps older ones. */
export const SEARCH_COUNTS_KEEP_DAYS = 30;
/** Days the report looks back. */
export const SEARCH_REPORT_DAYS = 7;
/** The zero-result words the report lists. */
export const TOP_ZERO_RESULT_QUERIES = 20;

/** The words as the report counts them: lower case, single spaces, so "Vintge  Lamp" and "vintge lamp" are one. */
export function reportedQuery(search: string): string {
  return search.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** How long a process keeps its searches' counts before adding them to the table. */
export const SEARCH_COUNTS_FLUSH_MS = 10_000;

interface Pending {
  searches: number;
  zero: number;
}

/**
 * Searches counted by this process and not yet in the table, per database. Counted in memory and added every
 * SEARCH_COUNTS_FLUSH_MS in one statement: a row per search written at once would make every search of a popular
 * word wait on that word's row lock. A crash loses at most those seconds of counts.
 */
const pendingCounts = new WeakMap<Database, Map<string, Pending>>();

/** Counts one search (a first page read with words) for today's row of its words. */
export function recordSearch(db: Database, search: string, found: boolean): void {
  const query = reportedQuery(search);
  if (query === '') return;
  let pending = pendingCounts.get(db);
  if (!pending) {
    pending = new Map();
    pendingCounts.set(db, pending);
    const timer = setTimeout(() => void flushSearchCounts(db).catch(() => undefined), SEARCH_COUNTS_FLUSH_MS);
    timer.unref();
  }
  const counts = pending.get(query) ?? { searches: 0, zero: 0 };
  counts.searches += 1;
  if (!found) counts.zero += 1;
  pending.set(query, counts);
}

/** Adds this process's pending counts to the table (the timer, and the report before it reads). */
export async function flushSearchCounts(db: Database): Promise<void> {
  const pending = pendingCounts.get(db);
  if (!pending) return;
  pendingCounts.delete(db);
  const rows = JSON.stringify([...pending].map(([query, counts]) => ({ query, ...counts })));
  await db.execute(sql`insert into ${searchCounts} (day, query, searches, zero_results)
    select current_date, r.query, r.searches, r.zero
    from json_to_recordset(${rows}::json) as r(query text, searches int, zero int)
    on conflict (day, query) do update set searches = ${searchCounts.searches} + excluded.searches,
      zero_results = ${searchCounts.zeroResults} + excluded.zero_results`);
}

export async function searchReport(db: Database): Promise<SearchReportResponse> {
  await flushSearchCounts(db);
  const since = sql`current_date - ${SEARCH_REPORT_DAYS - 1}::int`;
  const [totals] = await queryRows<{ searches: number; zero: number }>(
    db,
    sql`select coalesce(sum(searches), 0)::int as searches, coalesce(sum(zero_results), 0)::int as zero
      from ${searchCounts} where day >= ${since}`,
  );
  const top = await queryRows<{ query: string; count: number }>(
    db,
    sql`select query, sum(zero_results)::int as count from ${searchCounts}
      where day >= ${since} and zero_results > 0
      group by query order by count desc, query limit ${TOP_ZERO_RESULT_QUERIES}`,
  );
  const searches = totals?.searches ?? 0;
  return {
    searches,
    zeroResultShare: searches === 0 ? 0 : (totals?.zero ?? 0) / searches,
    topZeroResultQueries: top,
  };
}

/** Drops the days past SEARCH_COUNTS_KEEP_DAYS (the purge job). */
export async function sweepSearchCounts(db: Database, now = new Date()): Promise<void> {
  const oldest = new Date(now.getTime() - SEARCH_COUNTS_KEEP_DAYS * 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
  await db.execute(sql`delete from ${searchCounts} where day < ${oldest}::date`);
}
