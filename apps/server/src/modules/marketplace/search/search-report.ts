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

/** Counts one search (a first page read with words) on today's row of its words. */
export async function recordSearch(db: Database, search: string, found: boolean): Promise<void> {
  const query = reportedQuery(search);
  if (query === '') return;
  const zero = found ? 0 : 1;
  await db.execute(sql`insert into ${searchCounts} (day, query, searches, zero_results)
    values (current_date, ${query}, 1, ${zero})
    on conflict (day, query) do update set searches = ${searchCounts.searches} + 1,
      zero_results = ${searchCounts.zeroResults} + ${zero}`);
}

export async function searchReport(db: Database): Promise<SearchReportResponse> {
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
