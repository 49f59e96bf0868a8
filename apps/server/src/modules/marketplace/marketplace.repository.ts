import { sql } from 'drizzle-orm';
import { preparedRows, queryRows, type Database } from '../../db/client.js';
import { photoKeys, type PhotoKeys } from '../product/product.cards.js';
import type { CardFields } from '../product/product.presenter.js';
import {
  feedStatement,
  RARE_WORDS_MAX,
  searchWordsStatement,
  recentWindow,
  statementName,
  type Shape,
} from './feed.statement.js';
import { circleValues, type Circle } from './radius.js';

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
   * Up to how many listings with the words a circle's page is gathered by the words first (RARE_WORDS_MAX);
   * -1 never does.
   */
  wordsFirstUpTo?: number;
  /** The signed-in reader: listings of people they blocked are left out (docs/product.md §11). */
  viewerId?: number;
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
 * How the feed's statements reach the database: the app runs them through drizzle (`drizzleReader`); bench/feed's
 * floor sends the same rendered text and values through a plain node-postgres pool, so both share `readFeedWith`.
 */
export interface FeedReader {
  /** The rows of `feedStatement(shape)` for these placeholder values. */
  page(shape: Shape, values: Record<string, unknown>): Promise<RawFeedRow[]>;
  /** The row of `searchWordsStatement(search)`. */
  searchWords(search: string): Promise<RawSearchWords | undefined>;
}

export interface RawSearchWords extends Record<string, unknown> {
  matches: number;
  categoryIds: Array<number | string>;
}

/** One prepared statement per shape (and per name, when it has one). */
export function statementKey(shape: Shape): string {
  return (
    statementName(shape) ??
    `${shape.circle}:${shape.search}:${shape.read}:${shape.firstPageSize}:${shape.hidesBlocked === true}`
  );
}

type FeedStatement = (values: Record<string, unknown>) => Promise<RawFeedRow[]>;
const readers = new WeakMap<Database, FeedReader>();

function drizzleReader(db: Database): FeedReader {
  let reader = readers.get(db);
  if (reader) return reader;
  const statements = new Map<string, FeedStatement>();
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
    async searchWords(search) {
      const [row] = await queryRows<RawSearchWords>(db, searchWordsStatement(search));
      return row;
    },
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
 * feed.statement.ts). A radius or search page whose newest-first window does not fill it takes a second
 * statement: the full query against the same snapshot (and in a circle, a count first of how many listings have
 * the words, to read rare ones through the text index).
 */
export function readFeed(db: Database, filter: FeedFilter): Promise<FeedPage> {
  return readFeedWith(drizzleReader(db), filter);
}

/** `readFeed` through any `FeedReader`: which statements run, with which values, and the rows they make. */
export async function readFeedWith(reader: FeedReader, filter: FeedFilter): Promise<FeedPage> {
  const window = filter.window ?? recentWindow(filter.page, filter.pageSize);
  const circle = filter.circle !== undefined;
  const search = filter.search !== undefined;
  // A first page with the usual window writes its sizes into the statement's text (see `paging`).
  const firstPageSize =
    filter.page === 1 && window === recentWindow(1, filter.pageSize) ? filter.pageSize : undefined;
  const values: Record<string, unknown> = {
    snapshot: filter.snapshot?.toISOString() ?? null,
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
    search: filter.search,
    window,
    ...(filter.circle && circleValues(filter.circle)),
    ...(filter.viewerId !== undefined && { viewerId: filter.viewerId }),
  };
  const hidesBlocked = filter.viewerId !== undefined;
  if (!circle && !search)
    return run(reader, { circle, search, read: 'full', firstPageSize, hidesBlocked }, values);
  const recent = await run(reader, { circle, search, read: 'window', firstPageSize, hidesBlocked }, values);
  if (recent.rows.length === filter.pageSize) return recent;
  const fallback: Record<string, unknown> = { ...values, snapshot: recent.snapshot.toISOString() };
  let read: Shape['read'] = 'full';
  if (filter.search !== undefined) {
    const words = await searchWords(reader, filter.search);
    fallback.categoryIds = words.categoryIds;
    if (circle && words.matches <= (filter.wordsFirstUpTo ?? RARE_WORDS_MAX)) read = 'words-first';
  }
  return run(reader, { circle, search, read, firstPageSize, hidesBlocked }, fallback);
}

async function searchWords(
  reader: FeedReader,
  search: string,
): Promise<{ matches: number; categoryIds: number[] }> {
  const row = await reader.searchWords(search);
  return {
    matches: row?.matches ?? Number.POSITIVE_INFINITY,
    categoryIds: (row?.categoryIds ?? []).map(int),
  };
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
