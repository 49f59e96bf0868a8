import { sql, type SQL } from 'drizzle-orm';
import { categories, listingGrid, products, users } from '../../db/schema.js';
import { likesCountSql, photosJson } from '../product/product.cards.js';
import { blockedSql } from '../user/block.repository.js';
import { withinCircleOf } from './radius.js';

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
 * How far down the feed to read once more when the window came up short of the page: the window's own share of
 * passing rows (`passing` of the `needed` ones; the caller's window checked the circle and words) says where the
 * page should end. Read as far as the lowest share it could well have (a one-sided 90% bound), a page of 12 comes
 * up short in about 1 in 20 of these reads when 2 were expected in the window, 1 in 60 when 4 were, if the words'
 * share of the listings stays the same down the feed. Filled, the page costs a few ms where the full query for a
 * common word in a busy area costs 35–150 ms at 1M listings; short, it costs what it read (~0.4 µs a row: up to
 * ~20 ms at RECENT_WINDOW_MAX) before the full query (docs/benchmarks-history.md, "The window's yield"). From 1 row
 * passed the guess is too rough (~240,000 rows for a page of 12), so there is none (undefined); nor past
 * RECENT_WINDOW_MAX.
 */
export function widerWindow(window: number, needed: number, passing: number): number | undefined {
  if (passing < WIDER_WINDOW_MIN_PASSING || passing >= needed) return undefined;
  const wider = Math.ceil((window * needed) / poissonLowerBound(passing));
  return wider <= RECENT_WINDOW_MAX ? wider : undefined;
}

/** Fewer passing rows than this in the window give no wider window. */
const WIDER_WINDOW_MIN_PASSING = 2;

/**
 * The mean a count of `k` events could have had at the least, one-sided 90% (Wilson and Hilferty's approximation
 * of the Poisson bound, within 0.5% from k = 2: 0.53 for 2, 3.15 for 6, 7.02 for 11).
 */
function poissonLowerBound(k: number): number {
  const z = 1.2816; // the 90th percentile of the standard normal
  return k * (1 - 1 / (9 * k) - z / (3 * Math.sqrt(k))) ** 3;
}

/**
 * The search text as PostgreSQL's full-text query (web-search syntax: quotes, OR, -word), in the installation's
 * language with accents dropped (the `rummage` configuration, search/language.ts).
 */
function wordsQuery(search: unknown): SQL {
  return sql`websearch_to_tsquery('rummage'::regconfig, ${search}::text)`;
}

/**
 * The exact words' query: the search text parsed, or, when it excludes words that have typos or synonyms, the query
 * with those widened (`excluding`, search/forgiving.ts), given as a tsquery's text.
 */
function exactQuery(shape: Shape): SQL {
  return shape.excludes ? sql`${value('exact')}::tsquery` : wordsQuery(value('search'));
}

/** The forgiving query (search/forgiving.ts), given as a tsquery's text. */
function fuzzyQuery(): SQL {
  return sql`${value('fuzzy')}::tsquery`;
}

/** A category title's words, as the search reads them. */
export const categoryWords = sql`to_tsvector('rummage'::regconfig, ${categories.title})`;

/** A category whose title has the words. */
function namesCategory(query: SQL): SQL {
  return sql`${categoryWords} @@ ${query}`;
}

/** The listing is filed under one of these categories: given ids, or else those the words name (a subquery). */
function inCategories(query: SQL, categoryIds?: SQL): SQL {
  const ids =
    categoryIds ?? sql`array(select ${categories.id} from ${categories} where ${namesCategory(query)})`;
  return sql`${products.categoryId} = any(${ids})`;
}

/**
 * Title and description through the generated tsvector (GIN), or the category's title, so a category chip's
 * search ("Furniture") finds everything filed under it. A query with no searchable word ("the") filters nothing.
 */
export function textMatch(search: unknown): SQL {
  const query = wordsQuery(search);
  return matchesQuery(query, inCategories(query));
}

/**
 * `textMatch` the other way round, for one listing and many queries (saved searches' stored `search_query` against a
 * new listing): the category branch tests the listing's own category's words (`categoryWords`, which the caller
 * makes once per statement) instead of looking up every category the query names, and the listing's words are
 * given (its `search` with the lexemes its words stand for by typo or synonym, `listingAlternatives`). The same
 * rule, without parsing or looking anything up per query.
 */
export function textMatchOfListing(
  query: unknown,
  listingCategoryWords: unknown,
  listingWords: unknown,
): SQL {
  return matchesQuery(sql`${query}`, sql`${listingCategoryWords} @@ ${query}`, listingWords);
}

/**
 * A listing anyone may see (sold ones aside): not hidden by staff, its seller (joined as `users`) not banned. The
 * feed shows listings by it, and saved searches match and count by it.
 */
export const shownSql = sql`${products.hiddenAt} is null and ${users.bannedAt} is null`;

/**
 * The words rule for a tsquery already made (or computed once, in an InitPlan): no searchable word, or the
 * listing's title and description have them, or its category does (`namesItsCategory`).
 */
function matchesQuery(query: SQL, namesItsCategory: SQL, listingWords: unknown = products.search): SQL {
  return sql`(numnode(${query}) = 0 or ${listingWords} @@ ${query} or ${namesItsCategory})`;
}

/** What the text of a feed statement depends on. */
export interface Shape {
  circle: boolean;
  search: boolean;
  /**
   * How the page is read (see `pageCte`): by the full query ('full', the only way with neither a circle nor
   * words), from the newest-first window ('window'), or, for words in a circle, from the listings with those words
   * first ('words-first', rare words) or from the listings in the circle's box first ('box-first', a small box).
   */
  read: 'full' | 'window' | 'words-first' | 'box-first';
  /**
   * The forgiving search's tail: the listings the forgiving query (typos, synonyms; the `fuzzy` parameter) finds and
   * the exact words do not, read the same ways, after the exact words' listings ran out (`readFeedWith`).
   */
  tail?: boolean;
  /**
   * The exact words' query is given (the `exact` parameter, a tsquery's text) rather than parsed from the search: its
   * excluded words leave out their typos and synonyms too (search/forgiving.ts, `excluding`).
   */
  excludes?: boolean;
  /** The page size of a first page, written into the text; undefined for later pages (sizes are parameters). */
  firstPageSize?: number;
  /**
   * A signed-in reader's feed leaves out the listings of people they blocked (the `viewerId` parameter; docs/product.md
   * §11). Visitors' statements stay as they were.
   */
  hidesBlocked?: boolean;
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
    ${categories.title} as "categoryTitle", ${products.reservedForId} as "reservedForId",
    ${products.reservedUntil} as "reservedUntil"`;
const cardJoins = sql`join ${users} on ${users.id} = ${products.sellerId}
    left join ${categories} on ${categories.id} = ${products.categoryId}`;

/**
 * LIMIT, OFFSET and the window size: numbers in the text of a first page's statement, parameters in a later page's.
 * A generic plan estimates a LIMIT or OFFSET parameter as 10% of the rows (30,000 listings at 1M): such a plan
 * looks dearer than the custom ones, so PostgreSQL never keeps it, and were it forced, its estimated cost would
 * also switch JIT compilation on (300 ms per execution). With numbers, the generic plan costs what the custom ones
 * do, and PostgreSQL keeps it after five runs (docs/benchmarks-history.md, bench/feed).
 */
function paging(shape: Shape) {
  const size = shape.firstPageSize;
  if (size === undefined) return { limit: value('limit'), offset: value('offset'), window: value('window') };
  const number = (n: number) => sql.raw(String(Math.trunc(n)));
  return { limit: number(size), offset: number(0), window: number(recentWindow(1, size)) };
}

/** Within the circle: the GiST box pre-filter and the exact distance (docs/data.md). */
function circleCondition(): SQL {
  return withinCircleOf({
    latitude: value('latitude'),
    longitude: value('longitude'),
    radiusKm: value('radiusKm'),
    minLat: value('minLat'),
    maxLat: value('maxLat'),
    minLng: value('minLng'),
    maxLng: value('maxLng'),
  });
}

function searchCondition(shape: Shape): SQL {
  if (shape.read === 'full' || shape.read === 'words-first') {
    // Planned per call with the categories the words name given as values (from `searchWordsStatement`): as a
    // subquery, the planner guesses it matches most categories, hence most listings, and walks the whole table.
    const query = exactQuery(shape);
    const exact = matchesQuery(query, inCategories(query, sql`${value('categoryIds')}::int8[]`));
    if (!shape.tail) return exact;
    const fuzzy = fuzzyQuery();
    const forgiving = matchesQuery(fuzzy, inCategories(fuzzy, sql`${value('fuzzyCategoryIds')}::int8[]`));
    return sql`${forgiving} and ${exact} is not true`;
  }
  // Within the window (or a small box) the words only filter a bounded number of rows, so the plan need not know
  // them. Left as a parameter, a custom plan would (and cost a common word cheaper than the generic plan can), and
  // PostgreSQL would then re-plan every call; computed in an InitPlan, every plan costs alike and the generic one
  // is kept.
  // The InitPlan makes the tsquery itself: made from a parameter per row, it cost ~3 µs on each row read.
  const query = sql`(select ${exactQuery(shape)})`;
  const exact = matchesQuery(query, inCategories(query));
  if (!shape.tail) return exact;
  const fuzzy = sql`(select ${fuzzyQuery()})`;
  // `is not true`: a listing with no category makes the category branch null, not false.
  return sql`${matchesQuery(fuzzy, inCategories(fuzzy))} and ${exact} is not true`;
}

function conditions(shape: Shape): SQL {
  const where = [
    shownSql,
    // The snapshot is a millisecond, and what is stamped within it counts as after it: PGlite's clock ticks in
    // milliseconds, so a listing posted or sold in that millisecond, after the page was read, would otherwise count
    // as before it, and the next page repeat a listing or skip one (docs/decisions/0004-feed-paging.md).
    sql`${products.createdAt} < ${snapshotAt}`,
    // Sold after the snapshot still holds its place, so the pages after it do not shift (it shows as sold).
    sql`(${products.isSold} = false or ${products.soldAt} >= ${snapshotAt})`,
  ];
  if (shape.hidesBlocked)
    where.push(sql`not ${blockedSql(sql`${value('viewerId')}::int8`, products.sellerId)}`);
  if (shape.circle) where.push(circleCondition());
  if (shape.search) where.push(searchCondition(shape));
  return sql.join(where, sql` and `);
}

/**
 * The `feed_page` CTE. Without a circle or search words: the feed order through products_created_at_id_idx,
 * stopping at the page.
 *
 * With a circle or words, the planner cannot know how many listings pass them (geometric operators have a fixed
 * selectivity estimate, and a word missing from the statistics is guessed at 0.3% of the listings). Walking the
 * feed order until the page is full looks cheap to it, and reads every listing when a word matches nothing
 * (~575 ms at 1M listings); reading the box and sorting it costs tens of thousands of rows in a busy city
 * (~250 ms, docs/benchmarks.md). So the page is first read from the `window` newest listings of the snapshot
 * ('window': a subquery named like the table, so every condition applies to it unchanged; its LIMIT keeps the
 * planner from flattening it, so it walks the time index and the outer LIMIT stops it as soon as the page is
 * full, ~1 ms there). When the window fills the page, that page is exact: the window is a prefix of the feed
 * order, so nothing outside it comes earlier. Otherwise (few listings near, rare words, or the end of the feed)
 * the caller asks the full query ('full') against the same snapshot. With words, the full query first gathers
 * the listings that pass the words and the circle (a subquery kept apart by OFFSET 0, with no order or limit to
 * walk), so PostgreSQL fetches them through the text and box indexes and sorts the few it found. In a circle it
 * believes the box small (0.1% of the table, whatever the box) and ANDs the box's bitmap with the words': every
 * listing with the words is looked up in the text index, wherever it lies. The caller knows better (`readFeedWith`
 * in marketplace.repository.ts): for a box the grid says is small (`boxListingsStatement`),
 * 'box-first' gathers the box alone and checks the words after ("lamp" 25 miles around Pierre, SD: the 166
 * listings in the box read instead of the 41,000 with the word, ~11 ms → ~1 ms); in a larger box, for words fewer
 * listings have than the box holds (up to `RARE_WORDS_MAX`, counted by `searchWordsStatement`), 'words-first'
 * gathers by the words alone and checks the circle after (a word nobody used, 25 miles around Chicago at 1M
 * listings: ~115 ms → ~1 ms). (Both the window and the full query in one statement, the full query behind a
 * one-time filter, cost PostgreSQL about 11% more on every page, bench/feed.)
 */
function pageCte(shape: Shape): SQL {
  const { limit, offset } = paging(shape);
  return sql`feed_page as (${cardSelect} from ${pageFrom(shape)} ${cardJoins} where ${conditions(shape)}
    ${order} limit ${limit} offset ${offset})`;
}

/** Where `pageCte` reads its listings from: the table, the window, or the listings gathered first. */
function pageFrom(shape: Shape): SQL {
  const { window } = paging(shape);
  let from: SQL = sql`${products}`;
  if (shape.read === 'window') {
    // Planned per call (a wider window, a later page), the window is bounded by the snapshot as given: a value the
    // planner can estimate, where `snapshotAt` (an InitPlan) is guessed to pass a third of the listings, so that a
    // window of 20,000 looked like 65% of 100,000 and, unless the table lies in time order, a parallel scan and sort
    // of the whole table seemed cheaper than walking the time index (~0.5 s). None given: every listing, the newest
    // ones past the snapshot (there are none) left to the outer condition. The window stays a prefix of the feed.
    const bound =
      shape.firstPageSize === undefined
        ? sql`coalesce(${value('snapshot')}::timestamptz, 'infinity')`
        : snapshotAt;
    from = sql`(select * from ${products} where ${products.createdAt} < ${bound}
      ${order} limit ${window}) as ${products}`;
  } else if (shape.search) {
    // 'words-first' leaves the circle to the outer query's conditions, so the box cannot lead the plan, and
    // 'box-first' the words, so the text index cannot.
    let passing = searchCondition(shape);
    if (shape.circle && shape.read === 'full') passing = sql`${circleCondition()} and ${passing}`;
    if (shape.circle && shape.read === 'box-first') passing = circleCondition();
    from = sql`(select * from ${products} where ${passing} offset 0) as ${products}`;
  }
  return from;
}

/** The feed's snapshot: the given moment, or the database's clock when that is later or none is given. */
const snapshotCte = sql`feed_snapshot as materialized (
    select least(${value('snapshot')}::timestamptz, date_trunc('milliseconds', clock_timestamp())) as at)`;

/**
 * One statement per page: the snapshot (the database's clock, or the given earlier moment), the page, and each
 * card's photos and like count. The left join answers the snapshot even when the page is empty.
 */
export function feedStatement(shape: Shape): SQL {
  return sql`with ${snapshotCte},
  ${pageCte(shape)}
  select floor(extract(epoch from s.at) * 1000)::float8 as "snapshotMs",
    p.id, p.title, p.price, p.latitude, p.longitude, p."locationText", p.views, p."isSold",
    floor(extract(epoch from p."createdAt") * 1000)::float8 as "createdMs", p."sellerId", p."userName",
    p."userImageUrl", p."categoryId", p."categoryTitle", p."reservedForId",
    floor(extract(epoch from p."reservedUntil") * 1000)::float8 as "reservedUntilMs",
    ${likesCountSql(sql`p.id`)} as "likesCount", ${photosJson(sql`p.id`)} as photos
  from feed_snapshot s left join feed_page p on true
  order by p."createdAt" desc, p.id desc`;
}

/**
 * How many listings a page's read finds before its offset (at most `offset`): for the forgiving search, how many
 * exact listings come before a later page that holds none of them. The same conditions and source as
 * `feedStatement(shape)`; planned per call.
 */
export function feedCountStatement(shape: Shape): SQL {
  return sql`with ${snapshotCte}
  select count(*)::int as listings from (select 1 from ${pageFrom(shape)} ${cardJoins} where ${conditions(shape)}
    limit ${value('offset')}) as counted`;
}

/**
 * The name a statement is prepared under, or none (parsed and planned on every call). Named: first pages, the bulk
 * of the traffic (at most a few statements per page size and connection). Later pages take LIMIT and OFFSET as
 * parameters, which a generic plan cannot estimate (see `paging`). Nor can it know how common search words are:
 * for the full query with search words, its plan takes 1.2 to 4 times as long as the custom plan for rare words
 * (docs/benchmarks-history.md, bench/feed), so that query is planned per call, and so is 'words-first'. Within the
 * window, search words only filter at most `window` rows, and in a small box ('box-first') the few it holds,
 * whatever the plan: those are named (planning the box-first read took 2.5–3.5 ms, reading 25 miles around Pierre,
 * SD ~1 ms).
 */
export function statementName(shape: Shape): string | undefined {
  const planned = shape.read === 'full' || shape.read === 'words-first';
  if (shape.firstPageSize === undefined || (shape.search && planned)) return undefined;
  const words = [
    shape.circle ? 'circle' : 'all',
    shape.search && 'search',
    shape.hidesBlocked && 'blocks',
    shape.tail && 'tail',
    shape.excludes && 'excludes',
    shape.read.replace('-', '_'),
    shape.firstPageSize,
  ];
  return ['rummage_feed', ...words].filter(Boolean).join('_');
}

/** Up to this many listings with the words, a circle's page may be gathered by the words first ('words-first'). */
export const RARE_WORDS_MAX = 2_000;

/**
 * Below this many listings in a circle's box (the grid's estimate, `boxListingsStatement`), its page is read box first
 * ('box-first') without counting the words. Measured at 1M listings (docs/benchmarks-history.md, "Search in
 * sparse areas"): read so, a box of up to ~6,400 listings cost less than counting a common word ("lamp") and reading
 * as before; for a word nobody used, whose count and words-first read are cheap, it broke even at ~1,400 and cost
 * twice as much at 3,000.
 */
export const SMALL_BOX_LISTINGS = 1_000;

/** The name `boxListingsStatement` is prepared under: it runs for every circle search the window does not fill. */
export const BOX_LISTINGS_STATEMENT = 'rummage_feed_box_listings';

/**
 * How many listings the circle's box holds (its bounds as the feed statement's placeholders), from the grid's counts
 * per cell (`listing_grid`: a few rows through its key): each cell the box touches counts for the share of it the
 * box covers, as if its listings were spread evenly (25 miles around Pierre, SD at 1M listings: 167 estimated, 166
 * in the box; around Chicago 35,600 for 37,200). Asked only after a window that did not fill the page: in the
 * window's own statement it cost every full page ~0.04 ms (3%), even when computed lazily.
 */
export function boxListingsStatement(): SQL {
  const g = listingGrid;
  const scale = (key: string) => sql`listing_grid_scale(${value(key)}::float8)`;
  const share = (cell: unknown, min: string, max: string) =>
    sql`(least(${cell} + 1, ${scale(max)}) - greatest(${cell}, ${scale(min)}))`;
  const cell = (key: string) => sql`floor(${scale(key)})::int`;
  // Each row of cells is its own descent of the key: a range on both columns would walk every cell of those rows.
  const rows = sql`array(select generate_series(${cell('minLat')}, ${cell('maxLat')}))`;
  return sql`select coalesce(sum(${g.listings} * ${share(g.latCell, 'minLat', 'maxLat')}
      * ${share(g.lngCell, 'minLng', 'maxLng')}), 0)::float8 as "boxListings" from ${g}
    where ${g.latCell} = any(${rows}) and ${g.lngCell} between ${cell('minLng')} and ${cell('maxLng')}`;
}

/**
 * What the search words pick out, for the reads planned per call: the categories whose titles have them, and (with
 * `count`, for a circle's box that is not small) how many listings have them, counted up to RARE_WORDS_MAX + 1 (a
 * common word stops the count early, though its 2,001 rows still cost 4–12 ms at 1M listings). The count is in
 * three parts planned apart, each reading a rare word's few rows through an index (as one `textMatch`, the
 * category branch is guessed to match most of the table, and a word nobody used read all of it: ~400 ms at 1M).
 */
export function searchWordsStatement(search: string, count: boolean): SQL {
  return wordsStatement(wordsQuery(search), count);
}

/** `searchWordsStatement` for an exact query given as a tsquery's text (its excluded words widened). */
export function exactWordsStatement(exact: string, count: boolean): SQL {
  return wordsStatement(sql`${exact}::tsquery`, count);
}

/**
 * `searchWordsStatement` for the forgiving search's tail: the forgiving query's listings counted (they are what a
 * words-first read gathers) and the categories it names, and the categories the exact words name (the search, or
 * the exact query given as a tsquery's text).
 */
export function tailWordsStatement(search: string, fuzzy: string, count: boolean, exact?: string): SQL {
  const named = wordsStatement(sql`${fuzzy}::tsquery`, count);
  const exactWords = exact === undefined ? wordsQuery(search) : sql`${exact}::tsquery`;
  return sql`select t.matches, t."categoryIds" as "fuzzyCategoryIds",
    array(select ${categories.id} from ${categories} where ${namesCategory(exactWords)}) as "categoryIds"
    from (${named}) as t`;
}

function wordsStatement(query: SQL, count: boolean): SQL {
  const upTo = sql.raw(String(RARE_WORDS_MAX + 1));
  const counted = (rows: SQL) => sql`(select count(*) from (${rows} limit ${upTo}) as counted)`;
  const namedCategory = namesCategory(query);
  const matches = count
    ? sql`(${counted(sql`select 1 from ${products} where numnode(${query}) = 0`)}
    + ${counted(sql`select 1 from ${products} where ${products.search} @@ ${query}`)}
    + ${counted(sql`select 1 from ${products} join ${categories} on ${categories.id} = ${products.categoryId}
        where ${namedCategory}`)})::int`
    : sql`null::int`;
  return sql`select ${matches} as matches,
    array(select ${categories.id} from ${categories} where ${namedCategory}) as "categoryIds"`;
}
