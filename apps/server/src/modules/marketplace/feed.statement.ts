import { sql, type SQL } from 'drizzle-orm';
import { categories, products, users } from '../../db/schema.js';
import { likesCountSql, photosJson } from '../product/product.cards.js';
import { withinCircleOf, type CircleValues } from './radius.js';

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
export function textMatch(search: unknown): SQL {
  const query = sql`websearch_to_tsquery('english'::regconfig, ${search}::text)`;
  return sql`(numnode(${query}) = 0
    or ${products.search} @@ ${query}
    or ${products.categoryId} = any(array(
      select ${categories.id} from ${categories}
      where to_tsvector('english'::regconfig, ${categories.title}) @@ ${query})))`;
}

/** What the text of a feed statement depends on. */
export interface Shape {
  circle: boolean;
  search: boolean;
  /**
   * How the page is read (see `pageCte`): by the full query ('full', the only way without a circle), or from the
   * newest-first window ('window').
   */
  read: 'full' | 'window';
  /** The page size of a first page, written into the text; undefined for later pages (sizes are parameters). */
  firstPageSize?: number;
}

const value = (key: string) => sql.placeholder(key);
/** The snapshot, computed once per statement by the `feed_snapshot` CTE (an InitPlan wherever it is compared). */
const snapshotAt = sql`(select at from feed_snapshot)`;
const order = sql`order by ${products.createdAt} desc, ${products.id} desc`;

/** The columns of a card, joined from the listing, its seller and its category. */
const cardSelect = sql`select ${products.id} as id, ${products.title} as title, ${products.price}::float8 as price,
    ${products.latitude} as latitude, ${products.longitude} as longitude,
    ${products.locationText} as "locationText", ${products.views} as views, ${products.isSold} as "isSold",
    ${products.createdAt} as "createdAt", ${products.sellerId} as "sellerId", ${users.username} as "userName",
    ${users.imageUrl} as "userImageUrl", ${products.categoryId} as "categoryId",
    ${categories.title} as "categoryTitle"`;
const cardJoins = sql`join ${users} on ${users.id} = ${products.sellerId}
    left join ${categories} on ${categories.id} = ${products.categoryId}`;

/**
 * LIMIT, OFFSET and the window size: numbers in the text of a first page's statement, parameters in a later page's.
 * A generic plan estimates a LIMIT or OFFSET parameter as 10% of the rows (30,000 listings at 1M): such a plan
 * looks dearer than the custom ones, so PostgreSQL never keeps it, and were it forced, its estimated cost would
 * also switch JIT compilation on (300 ms per execution). With numbers, the generic plan costs what the custom ones
 * do, and PostgreSQL keeps it after five runs (docs/benchmarks.md, bench/feed).
 */
function paging(shape: Shape) {
  const size = shape.firstPageSize;
  if (size === undefined) return { limit: value('limit'), offset: value('offset'), window: value('window') };
  const number = (n: number) => sql.raw(String(Math.trunc(n)));
  return { limit: number(size), offset: number(0), window: number(recentWindow(1, size)) };
}

function conditions(shape: Shape): SQL {
  const where = [
    sql`${products.hiddenAt} is null and ${users.bannedAt} is null`,
    sql`${products.createdAt} <= ${snapshotAt}`,
    // Sold after the snapshot still holds its place, so the pages after it do not shift (it shows as sold).
    sql`(${products.isSold} = false or ${products.soldAt} > ${snapshotAt})`,
  ];
  if (shape.circle) {
    const circle: CircleValues<unknown> = {
      latitude: value('latitude'),
      longitude: value('longitude'),
      radiusKm: value('radiusKm'),
      minLat: value('minLat'),
      maxLat: value('maxLat'),
      minLng: value('minLng'),
      maxLng: value('maxLng'),
    };
    where.push(withinCircleOf(circle));
  }
  if (shape.search) {
    // Within the window the words only filter at most `window` rows, so the plan need not know them. Left as a
    // parameter, a custom plan would (and cost a common word cheaper than the generic plan can), and PostgreSQL
    // would then re-plan every call; computed in an InitPlan, every plan costs alike and the generic one is kept.
    const words = shape.read === 'window' ? sql`(select ${value('search')}::text)` : value('search');
    where.push(textMatch(words));
  }
  return sql.join(where, sql` and `);
}

/**
 * The `feed_page` CTE. Without a circle: the feed order through products_created_at_id_idx, stopping at the page.
 *
 * With a circle, the planner cannot know how many listings the box holds (geometric operators have a fixed
 * selectivity estimate), so it reads every listing in the box and sorts them: in a busy city that is tens of
 * thousands of rows for 12 cards (~250 ms with 1M listings, docs/benchmarks.md). So the page is first read from
 * the `window` newest listings of the snapshot ('window': a subquery named like the table, so every condition
 * applies to it unchanged; its LIMIT keeps the planner from flattening it, so it walks the time index and the
 * outer LIMIT stops it as soon as the page is full, ~1 ms there). When the window fills the page, that page is
 * exact: the window is a prefix of the feed order, so nothing outside it comes earlier. Otherwise (few listings
 * near, or the end of the feed) the caller asks the full query ('full') against the same snapshot. (Both in one
 * statement, the full query behind a one-time filter, cost PostgreSQL about 11% more on every page, bench/feed.)
 */
function pageCte(shape: Shape): SQL {
  const where = conditions(shape);
  const { limit, offset, window } = paging(shape);
  const newest = sql`(select * from ${products} where ${products.createdAt} <= ${snapshotAt}
    ${order} limit ${window}) as ${products}`;
  const from = shape.read === 'full' ? products : newest;
  return sql`feed_page as (${cardSelect} from ${from} ${cardJoins} where ${where}
    ${order} limit ${limit} offset ${offset})`;
}

/**
 * One statement per page: the snapshot (the database's clock, or the given earlier moment), the page, and each
 * card's photos and like count. The left join answers the snapshot even when the page is empty.
 */
export function feedStatement(shape: Shape): SQL {
  return sql`with feed_snapshot as materialized (
    select least(${value('snapshot')}::timestamptz, date_trunc('milliseconds', clock_timestamp())) as at),
  ${pageCte(shape)}
  select floor(extract(epoch from s.at) * 1000)::float8 as "snapshotMs",
    p.id, p.title, p.price, p.latitude, p.longitude, p."locationText", p.views, p."isSold",
    floor(extract(epoch from p."createdAt") * 1000)::float8 as "createdMs", p."sellerId", p."userName",
    p."userImageUrl", p."categoryId", p."categoryTitle",
    ${likesCountSql(sql`p.id`)} as "likesCount", ${photosJson(sql`p.id`)} as photos
  from feed_snapshot s left join feed_page p on true
  order by p."createdAt" desc, p.id desc`;
}

/**
 * The name a statement is prepared under, or none (parsed and planned on every call). Named: first pages, the bulk
 * of the traffic (at most a few statements per page size and connection). Later pages take LIMIT and OFFSET as
 * parameters, which a generic plan cannot estimate (see `paging`). Nor can it know how common search words are:
 * for the full query with search words, its plan takes 1.2 to 4 times as long as the custom plan for rare words
 * (docs/benchmarks.md, bench/feed), so that query is planned per call. Within the window, search words only
 * filter at most `window` rows, whatever the plan.
 */
export function statementName(shape: Shape): string | undefined {
  if (shape.firstPageSize === undefined || (shape.search && shape.read === 'full')) return undefined;
  const words = [shape.circle ? 'circle' : 'all', shape.search && 'search', shape.read, shape.firstPageSize];
  return ['rummage_feed', ...words].filter(Boolean).join('_');
}
