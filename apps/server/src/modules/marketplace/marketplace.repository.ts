import { sql } from 'drizzle-orm';
import { preparedRows, queryRows, type Database } from '../../db/client.js';
import { photoKeys, type PhotoKeys } from '../product/product.cards.js';
import type { CardFields } from '../product/product.presenter.js';
import {
  BOX_LISTINGS_STATEMENT,
  boxListingsStatement,
  feedCountStatement,
  feedStatement,
  RARE_WORDS_MAX,
  searchWordsStatement,
  tailWordsStatement,
  exactWordsStatement,
  recentWindow,
  widerWindow,
  statementName,
  SMALL_BOX_LISTINGS,
  type Shape,
} from './feed.statement.js';
import { listingCircleValues, type Circle } from './radius.js';
import { mayExclude, searchQueries, type Rows } from './search/forgiving.js';

export interface FeedFilter {
  page: number;
  pageSize: number;
  search?: string;
  circle?: Circle;
  /**
   * Read the listings as they stood at this moment (see docs/decisions/0004-feed-paging.md); a moment later than
   * the database's clock, or none, means now.
   */
  snapshot?: Date;
  /** Size of the newest-first window a radius or search page is read from first (`recentWindow`); 0 skips it. */
  window?: number;
  /**
   * How a circle's search page the window does not fill is read. By default the grid's estimate of the box chooses
   * (`chooseRead`). The others are for bench/feed/searches.ts and tests: the words always counted (as before the
   * grid), then 'counted' reads words first up to RARE_WORDS_MAX of them and 'full' otherwise (the rule before the
   * grid); 'full', 'words-first' and 'box-first' always read so. The answer is the same whichever way.
   */
  plan?: 'grid' | 'counted' | 'full' | 'words-first' | 'box-first';
  /** The signed-in reader: listings of people they blocked are left out (docs/product.md §11). */
  viewerId?: number;
  /**
   * The exact words' reads alone, without the forgiving search's tail after a short page: for the tests that
   * compare the ways those reads are planned.
   */
  exactOnly?: boolean;
}

/** A card's listing with its photos in display order and its like count. */
export interface FeedRow extends CardFields {
  photos: PhotoKeys[];
  likesCount: number;
}

export interface FeedPage {
  /** The moment the page was read against, to the millisecond (the database's clock unless `snapshot` was earlier). */
  snapshot: Date;
  rows: FeedRow[];
}

/**
 * One page of the feed for search words that forgive (docs/product.md, "Search"): the listings the exact words find
 * first, in the feed's order, then those only their typos or synonyms find (the tail), in the same order. While the
 * exact words fill the page, it is read exactly as before (`readPart`), so exact searches cost what they did. A
 * page they leave short is filled from the tail, read the way the exact page is (the window first, then words first
 * or box first), against the same snapshot: it starts where the exact listings ran out, so the pages before and
 * after agree.
 */
export async function readFeedWith(reader: FeedReader, filter: FeedFilter): Promise<FeedPage> {
  const offset = (filter.page - 1) * filter.pageSize;
  // Excluded words leave out their typos and synonyms in the exact part too, so it needs their alternatives first.
  const queries =
    filter.search !== undefined && mayExclude(filter.search)
      ? await searchQueries(reader.rows, filter.search)
      : undefined;
  const excluding = queries?.excluding ?? undefined;
  const exact = await readPart(reader, filter, { offset, limit: filter.pageSize, excluding });
  const found = exact.page.rows.length;
  if (filter.search === undefined || filter.exactOnly || found === filter.pageSize) return exact.page;
  const { fuzzy } = queries ?? (await searchQueries(reader.rows, filter.search));
  // Only excluded words widened: the forgiving query finds nothing the exact one does not.
  if (fuzzy === null || fuzzy === excluding) return exact.page;
  // The exact listings before this page: all those it skipped, when it holds some; else counted (up to its offset).
  const before = found > 0 || offset === 0 ? offset : await reader.count(exact.shape, exact.values);
  const snapshot = exact.page.snapshot;
  const tail = await readPart(
    reader,
    { ...filter, snapshot },
    { offset: offset - before, limit: filter.pageSize - found, fuzzy, excluding },
  );
  return { snapshot, rows: [...exact.page.rows, ...tail.page.rows] };
}

/** A row of the feed statement as node-postgres answers it (int8 as strings; the snapshot's row of an empty page
 * has a null id). */
export interface RawFeedRow extends Record<string, unknown> {
  snapshotMs: number;
  id: number | string | null;
  title: string;
  price: number;
  latitude: number;
  longitude: number;
  locationText: string | null;
  views: number;
  isSold: boolean;
  createdMs: number;
  sellerId: number | string;
  userName: string;
  userImageUrl: string | null;
  categoryId: number | string | null;
  categoryTitle: string | null;
  reservedForId: number | string | null;
  reservedUntilMs: number | null;
  likesCount: number;
  photos: Array<[string, string]> | null;
}

/**
 * How the feed's statements reach the database: the app runs them through drizzle (`feedReader`); bench/feed's
 * floor sends the same rendered text and values through a plain node-postgres pool, so both share `readFeedWith`.
 */
export interface FeedReader {
  /** The rows of `feedStatement(shape)` for these placeholder values. */
  page(shape: Shape, values: Record<string, unknown>): Promise<RawFeedRow[]>;
  /** The grid's estimate of the listings in the circle's box (`boxListingsStatement`, named). */
  boxListings(values: Record<string, unknown>): Promise<number | undefined>;
  /** The row of `searchWordsStatement(search, count)`. */
  searchWords(search: string, count: boolean): Promise<RawSearchWords | undefined>;
  /** The count of `feedCountStatement(shape)` for these placeholder values. */
  count(shape: Shape, values: Record<string, unknown>): Promise<number>;
  /** Any other statement's rows (the forgiving search's, search/forgiving.ts). */
  rows: Rows;
}

export interface RawSearchWords extends Record<string, unknown> {
  /** null when not counted. */
  matches: number | null;
  categoryIds: Array<number | string>;
}

/** The row of `tailWordsStatement`: `matches` counts the forgiving query's listings. */
interface RawTailWords extends RawSearchWords {
  fuzzyCategoryIds: Array<number | string>;
}

/** One prepared statement per shape (and per name, when it has one). */
export function statementKey(shape: Shape): string {
  return (
    statementName(shape) ??
    `${shape.circle}:${shape.search}:${shape.read}:${shape.firstPageSize}:${shape.hidesBlocked === true}:${shape.tail === true}:${shape.excludes === true}`
  );
}

type FeedStatement = (values: Record<string, unknown>) => Promise<RawFeedRow[]>;
const readers = new WeakMap<Database, FeedReader>();

/** The app's `FeedReader`: drizzle over the database, one prepared statement per shape. */
export function feedReader(db: Database): FeedReader {
  let reader = readers.get(db);
  if (reader) return reader;
  const statements = new Map<string, FeedStatement>();
  const counts = new Map<string, (values: Record<string, unknown>) => Promise<{ listings: number }[]>>();
  const box = preparedRows<{ boxListings: number }>(db, boxListingsStatement(), BOX_LISTINGS_STATEMENT);
  reader = {
    page(shape, values) {
      const key = statementKey(shape);
      let statement = statements.get(key);
      if (!statement) {
        statement = preparedRows<RawFeedRow>(db, feedStatement(shape), statementName(shape));
        statements.set(key, statement);
      }
      return statement(values);
    },
    async count(shape, values) {
      const key = statementKey(shape);
      let statement = counts.get(key);
      if (!statement) {
        statement = preparedRows<{ listings: number }>(db, feedCountStatement(shape));
        counts.set(key, statement);
      }
      return (await statement(values))[0]?.listings ?? 0;
    },
    async boxListings(values) {
      return (await box(values))[0]?.boxListings;
    },
    async searchWords(search, count) {
      const [row] = await queryRows<RawSearchWords>(db, searchWordsStatement(search, count));
      return row;
    },
    rows: (statement) => queryRows(db, statement),
  };
  readers.set(db, reader);
  return reader;
}

/** int8 columns arrive as strings from node-postgres; ids stay far below 2^53. */
const int = (value: number | string) => Number(value);

async function run(reader: FeedReader, shape: Shape, values: Record<string, unknown>): Promise<FeedPage> {
  const raw = await reader.page(shape, values);
  const rows: FeedRow[] = [];
  for (const row of raw) {
    if (row.id === null) continue; // the snapshot's row of an empty page
    rows.push({
      id: int(row.id),
      title: row.title,
      price: row.price,
      latitude: row.latitude,
      longitude: row.longitude,
      locationText: row.locationText,
      views: row.views,
      isSold: row.isSold,
      createdAt: new Date(row.createdMs),
      sellerId: int(row.sellerId),
      userName: row.userName,
      userImageUrl: row.userImageUrl,
      categoryId: row.categoryId === null ? null : int(row.categoryId),
      categoryTitle: row.categoryTitle,
      reservedForId: row.reservedForId === null ? null : int(row.reservedForId),
      reservedUntil: row.reservedUntilMs === null ? null : new Date(row.reservedUntilMs),
      likesCount: row.likesCount,
      photos: photoKeys(row.photos),
    });
  }
  return { snapshot: new Date(raw[0]?.snapshotMs ?? Date.now()), rows };
}

/**
 * One page of the feed, newest first, with its snapshot, photos and like counts, in one statement (see
 * feed.statement.ts). A radius or search page whose newest-first window does not fill it takes more statements
 * against the same snapshot: a wider window when the first held enough of the page to say how far down the feed
 * it ends (`widerWindow`), then, if still short, the full query. Before that, with search words in a circle, the
 * grid's estimate of how many listings the box holds comes first, and a small box is read box first; otherwise
 * one more statement names the categories the words name and, in a circle, counts the listings with the words,
 * to read rare ones through the text index.
 */
export function readFeed(db: Database, filter: FeedFilter): Promise<FeedPage> {
  return readFeedWith(feedReader(db), filter);
}

/**
 * Which listings `readPart` reads: `limit` of them after `offset`, of the exact words' listings, or with `fuzzy`
 * (the forgiving query's tsquery text) of the tail, those it finds and the exact words do not.
 */
interface Part {
  offset: number;
  limit: number;
  fuzzy?: string;
  /** The exact words' query with its excluded words widened (search/forgiving.ts), when they have alternatives. */
  excluding?: string;
}

/** A part's page and the last statement read for it (its shape and values). */
interface PartPage {
  page: FeedPage;
  shape: Shape;
  values: Record<string, unknown>;
}

/**
 * A part of a page through any `FeedReader`: which statements run, with which values, and the rows they make. The
 * exact words' part of a page is the page of before the forgiving search.
 */
async function readPart(reader: FeedReader, filter: FeedFilter, part: Part): Promise<PartPage> {
  const needed = part.offset + part.limit;
  const window = filter.window ?? recentWindow(1, needed);
  const circle = filter.circle !== undefined;
  const search = filter.search !== undefined;
  const tail = part.fuzzy !== undefined;
  const excludes = part.excluding !== undefined;
  // A whole first page with the usual window writes its sizes into the statement's text (see `paging`).
  const firstPageSize =
    part.offset === 0 && part.limit === filter.pageSize && window === recentWindow(1, filter.pageSize)
      ? filter.pageSize
      : undefined;
  const values: Record<string, unknown> = {
    snapshot: filter.snapshot?.toISOString() ?? null,
    limit: part.limit,
    offset: part.offset,
    search: filter.search,
    window,
    ...(tail && { fuzzy: part.fuzzy }),
    ...(excludes && { exact: part.excluding }),
    ...(filter.circle && listingCircleValues(filter.circle)),
    ...(filter.viewerId !== undefined && { viewerId: filter.viewerId }),
  };
  const hidesBlocked = filter.viewerId !== undefined;
  const read = async (shape: Shape, at: Record<string, unknown>): Promise<PartPage> => ({
    page: await run(reader, shape, at),
    shape,
    values: at,
  });
  if (!circle && !search) return read({ circle, search, read: 'full', firstPageSize, hidesBlocked }, values);
  const plan = filter.plan ?? 'grid';
  const recent = await read(
    { circle, search, tail, excludes, read: 'window', firstPageSize, hidesBlocked },
    values,
  );
  if (recent.page.rows.length === part.limit) return recent;
  const fallback: Record<string, unknown> = { ...values, snapshot: recent.page.snapshot.toISOString() };
  // The forced plans read as before the window's yield was used, for bench/feed/searches.ts to compare against.
  const wider = plan === 'grid' ? widerAfter(window, part, recent.page.rows.length) : undefined;
  if (wider !== undefined) {
    const shape = { circle, search, tail, excludes, read: 'window', hidesBlocked } as const;
    const widened = await read(shape, { ...fallback, window: wider });
    if (widened.page.rows.length === part.limit) return widened;
  }
  let how: Shape['read'] = 'full';
  const boxListings = circle && search && plan === 'grid' ? await reader.boxListings(values) : undefined;
  if (boxListings !== undefined && boxListings < SMALL_BOX_LISTINGS) {
    how = 'box-first';
  } else if (filter.search !== undefined) {
    // Before the grid ('counted' and the forced plans), the words were counted without a circle too.
    const count = circle || plan !== 'grid';
    const words = tail
      ? (
          await reader.rows<RawTailWords>(
            tailWordsStatement(filter.search, part.fuzzy!, count, part.excluding),
          )
        )[0]
      : excludes
        ? (await reader.rows<RawSearchWords>(exactWordsStatement(part.excluding!, count)))[0]
        : await reader.searchWords(filter.search, count);
    fallback.categoryIds = (words?.categoryIds ?? []).map(int);
    if (tail)
      fallback.fuzzyCategoryIds = ((words as RawTailWords | undefined)?.fuzzyCategoryIds ?? []).map(int);
    if (circle) how = chooseRead(plan, words?.matches ?? null, boxListings);
  }
  return read({ circle, search, tail, excludes, read: how, firstPageSize, hidesBlocked }, fallback);
}

/** `widerWindow` for this part, when its window answered `rows` rows (those past its offset). */
function widerAfter(window: number, part: Part, rows: number): number | undefined {
  if (rows === 0) return undefined; // how many passed before this part's offset is not known
  return widerWindow(window, part.offset + part.limit, part.offset + rows);
}

/**
 * How a circle's search page is gathered (feed.statement.ts, `pageCte`) when its box is not small: by the words
 * alone when fewer listings have them than the box holds (up to RARE_WORDS_MAX: the count stops there), otherwise
 * by both indexes together ('full'). Before the grid ('counted'), up to RARE_WORDS_MAX whatever the box.
 */
function chooseRead(
  plan: NonNullable<FeedFilter['plan']>,
  matches: number | null,
  boxListings: number | undefined,
): Shape['read'] {
  if (plan === 'full' || plan === 'words-first' || plan === 'box-first') return plan;
  if (matches === null || matches > RARE_WORDS_MAX) return 'full';
  return plan === 'counted' || matches < (boxListings ?? Infinity) ? 'words-first' : 'full';
}

/** The rows of `readFeed` alone. */
export async function feedPage(db: Database, filter: FeedFilter): Promise<FeedRow[]> {
  return (await readFeed(db, filter)).rows;
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
