import { and, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { categories, products } from '../../db/schema.js';
import { publicListing, selectCards, type CardRow } from '../product/product.cards.js';
import { withinCircle, type Circle } from './radius.js';

export interface FeedFilter {
  page: number;
  pageSize: number;
  search?: string;
  circle?: Circle;
  /** Listings as they stood at this moment (see docs/decisions/0004-feed-paging.md). */
  snapshot: Date;
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

/** One page of the feed, newest first. */
export function feedPage(db: Database, filter: FeedFilter): Promise<CardRow[]> {
  const { snapshot } = filter;
  const conditions: SQL[] = [
    publicListing,
    lte(products.createdAt, snapshot),
    // Sold after the snapshot still holds its place, so the pages after it do not shift (it shows as sold).
    or(eq(products.isSold, false), gt(products.soldAt, snapshot)) as SQL,
  ];
  if (filter.circle) conditions.push(withinCircle(filter.circle));
  if (filter.search) conditions.push(textMatch(filter.search));
  return selectCards(db)
    .where(and(...conditions))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
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
