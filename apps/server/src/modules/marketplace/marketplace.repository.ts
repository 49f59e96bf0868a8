import { and, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { categories, products, users } from '../../db/schema.js';
import { cardColumns, publicListing, selectCards, type CardRow } from '../product/product.cards.js';
import { withinCircle, type Circle } from './radius.js';

export interface FeedFilter {
  page: number;
  pageSize: number;
  search?: string;
  circle?: Circle;
  /** Listings as they stood at this moment (see docs/decisions/0004-feed-paging.md). */
  snapshot: Date;
  /** Size of the newest-first window a radius page is read from first (`recentWindow`); 0 skips it. */
  window?: number;
}

/**
 * A radius page is first looked for among the newest listings only: enough to fill it in any busy area, and
 * bounded where few listings are near. Rows per result it allows for: 150, i.e. an area holding ≥ 0.7% of the
 * listings fills its pages from the window.
 */
export const RECENT_ROWS_PER_RESULT = 150;
export const RECENT_WINDOW_MIN = 2_000;
export const RECENT_WINDOW_MAX = 50_000;

export function recentWindow(page: number, pageSize: number): number {
  const needed = page * pageSize;
  return Math.min(RECENT_WINDOW_MAX, Math.max(RECENT_WINDOW_MIN, needed * RECENT_ROWS_PER_RESULT));
}

/**
 * Title and description through the generated tsvector (GIN), or the category's title, so a category chip's
 * search ("Furniture") finds everything filed under it. A query with no searchable word ("the") filters nothing.
 */
export function textMatch(search: string): SQL {
  const query = sql`websearch_to_tsquery('english'::regconfig, ${search})`;
  return sql`(numnode(${query}) = 0
    or ${products.search} @@ ${query}
    or ${products.categoryId} = any(array(
      select ${categories.id} from ${categories}
      where to_tsvector('english'::regconfig, ${categories.title}) @@ ${query})))`;
}

/**
 * The `window` newest listings of the snapshot, as a subquery named like the table, so every condition and card
 * column written against `products` applies to it unchanged. Its LIMIT keeps the planner from flattening it: it
 * is read through products_created_at_id_idx in feed order, and the outer LIMIT stops that scan early.
 */
function newestListings(db: Database, snapshot: Date, window: number) {
  return db
    .select()
    .from(products)
    .where(lte(products.createdAt, snapshot))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(window)
    .as('products');
}

/**
 * One page of the feed, newest first.
 *
 * With a circle, the planner cannot know how many listings the box holds (geometric operators have a fixed
 * selectivity estimate), so it reads every listing in the box and sorts them: in a busy city that is tens of
 * thousands of rows for 12 cards (~250 ms with 1M listings, docs/benchmarks.md). So the page is read from the
 * newest listings first (`newestListings`), which stops as soon as the page is full (~1 ms there). When the
 * window fills the page, that page is exact: the window is a prefix of the feed order, so nothing outside it
 * comes earlier. Otherwise (few listings near, or the end of the feed), the full query answers.
 */
export async function feedPage(db: Database, filter: FeedFilter): Promise<CardRow[]> {
  const { snapshot } = filter;
  const conditions: SQL[] = [
    publicListing,
    lte(products.createdAt, snapshot),
    // Sold after the snapshot still holds its place, so the pages after it do not shift (it shows as sold).
    or(eq(products.isSold, false), gt(products.soldAt, snapshot)) as SQL,
  ];
  if (filter.circle) conditions.push(withinCircle(filter.circle));
  if (filter.search) conditions.push(textMatch(filter.search));
  const where = and(...conditions);
  const order = [desc(products.createdAt), desc(products.id)] as const;
  const offset = (filter.page - 1) * filter.pageSize;

  const window = filter.window ?? recentWindow(filter.page, filter.pageSize);
  if (filter.circle && window > 0) {
    const recent = await db
      .select(cardColumns)
      .from(newestListings(db, snapshot, window))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(filter.pageSize)
      .offset(offset);
    if (recent.length === filter.pageSize) return recent;
  }
  return selectCards(db)
    .where(where)
    .orderBy(...order)
    .limit(filter.pageSize)
    .offset(offset);
}

/**
 * The database's clock, to the millisecond: created_at comes from it, so snapshots must too (app servers' clocks
 * may drift from it), and every page of one snapshot compares against exactly the same value.
 */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await queryRows<{ ms: number | string }>(
    db,
    sql`select floor(extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
  );
  return new Date(Number(row?.ms ?? Date.now()));
}
