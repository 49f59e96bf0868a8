/** saved_searches and saved_search_matches (docs/product.md §14): a person's kept searches and what they matched. */
import { and, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { withTransaction, type Database, type Transaction } from '../../db/client.js';
import { products, savedSearchMatches, savedSearches, searchWords, users } from '../../db/schema.js';
import { shownSql } from '../marketplace/feed.statement.js';
import type { CircleValues } from '../marketplace/radius.js';
import {
  listingAlternatives,
  listSearchWordsStatement,
  SAVED_WORDS_LOCK,
  type Rows,
} from '../marketplace/search/forgiving.js';
import { blockedSql } from '../user/block.repository.js';
import { recordMatchesStatement } from './matches.statement.js';

type Executor = Database | Transaction;

/**
 * Matches since the search was last marked seen whose listing the owner could still find in the feed: listed
 * (not sold, not hidden, seller not banned) and its seller not blocked by them.
 */
const newMatchesSql = sql<number>`(select count(*) from ${savedSearchMatches}
  join ${products} on ${products.id} = ${savedSearchMatches.productId}
  join ${users} on ${users.id} = ${products.sellerId}
  where ${savedSearchMatches.savedSearchId} = ${savedSearches.id}
    and ${savedSearchMatches.matchedAt} > ${savedSearches.seenAt}
    and ${products.isSold} = false and ${shownSql}
    and not ${blockedSql(savedSearches.userId, products.sellerId)})::int`;

export interface SavedSearchRow {
  id: number;
  search: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
  placeLabel: string | null;
  createdAt: Date;
  newMatches: number;
}

export interface NewSavedSearch {
  search: string | null;
  circle: CircleValues | null;
  placeLabel: string | null;
}

/**
 * The owner's saved searches, newest first, or the one with `id` when given. Raw SQL: drizzle's single-table select
 * would leave the count's columns unqualified, and "id" is then ambiguous.
 */
export async function savedSearchesOf(db: Executor, userId: number, id?: number): Promise<SavedSearchRow[]> {
  const result =
    (await db.execute(sql`select ${savedSearches.id}::int8 as id, ${savedSearches.search} as search,
      ${savedSearches.latitude} as latitude, ${savedSearches.longitude} as longitude,
      ${savedSearches.radiusKm} as "radiusKm", ${savedSearches.placeLabel} as "placeLabel",
      floor(extract(epoch from ${savedSearches.createdAt}) * 1000)::float8 as "createdMs",
      ${newMatchesSql} as "newMatches"
    from ${savedSearches}
    where ${savedSearches.userId} = ${userId} ${id === undefined ? sql`` : sql`and ${savedSearches.id} = ${id}`}
    order by ${savedSearches.createdAt} desc, ${savedSearches.id} desc`)) as unknown as {
      rows: Array<Omit<SavedSearchRow, 'createdAt'> & { createdMs: number }>;
    };
  return result.rows.map(({ createdMs, ...row }) => ({
    ...row,
    id: Number(row.id),
    newMatches: Number(row.newMatches),
    createdAt: new Date(createdMs),
  }));
}

/** Holds the owner's row until the transaction ends, so two saves at once count and compare one after the other. */
export async function lockOwner(tx: Transaction, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The owner's saved search with exactly these words and this circle, if any. */
export async function findSame(tx: Transaction, userId: number, wanted: NewSavedSearch) {
  const same = (column: Column, value: string | number | null) =>
    sql`${column} is not distinct from ${value}`;
  const [row] = await tx
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.userId, userId),
        same(savedSearches.search, wanted.search),
        same(savedSearches.latitude, wanted.circle?.latitude ?? null),
        same(savedSearches.longitude, wanted.circle?.longitude ?? null),
        same(savedSearches.radiusKm, wanted.circle?.radiusKm ?? null),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function countOf(tx: Transaction, userId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.count ?? 0;
}

/** The whole world, for a search without a place: every listing passes the box, and the words decide. */
const EVERYWHERE = { minLat: -90, maxLat: 90, minLng: -180, maxLng: 180 };

export async function insertSavedSearch(tx: Transaction, userId: number, wanted: NewSavedSearch) {
  const { circle } = wanted;
  const [row] = await tx
    .insert(savedSearches)
    .values({
      userId,
      search: wanted.search,
      placeLabel: wanted.placeLabel,
      ...(circle ?? EVERYWHERE),
    })
    .returning({ id: savedSearches.id });
  // Its words join the word list, where new listings' words find them a typo away.
  if (wanted.search !== null) await tx.execute(listSearchWordsStatement(wanted.search));
  return row!.id;
}

/**
 * Unmarks the words no saved search types any more (deleted searches, deleted accounts), so a new listing's words
 * are measured against the words in use only and the saved searches' index does not grow with every search ever
 * saved. Run by the purge; SAVED_WORDS_LOCK, taken alone before the statement reads, keeps the words of a search
 * being saved meanwhile. The typed words are gathered once, then anti-joined, whatever their number.
 */
export async function unmarkUnsavedWords(db: Database): Promise<void> {
  await withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SAVED_WORDS_LOCK})`);
    await tx.execute(sql`with typed as materialized (
        select distinct w from ${savedSearches}, rummage_search_words(${savedSearches.search}) as w
        where ${savedSearches.search} is not null)
      update ${searchWords} set in_saved_searches = false
      where in_saved_searches and not exists (select 1 from typed where typed.w = ${searchWords.word})`);
  });
}

export async function deleteSavedSearch(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function markSeen(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ seenAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Marks seen this person's saved searches that matched any of these listings (their alert was opened). */
export async function markSeenForListings(db: Executor, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .update(savedSearches)
    .set({ seenAt: sql`now()` })
    .where(
      and(
        eq(savedSearches.userId, userId),
        inArray(
          savedSearches.id,
          db
            .select({ id: savedSearchMatches.savedSearchId })
            .from(savedSearchMatches)
            .where(inArray(savedSearchMatches.productId, productIds)),
        ),
      ),
    );
}

/** A saved search the listing newly matched, with what its alert says. */
export interface NewMatch {
  savedSearchId: number;
  userId: number;
  search: string | null;
  placeLabel: string | null;
  title: string;
}

/** The matches of the listing, its words forgiving as the feed's search is (search/forgiving.ts). */
export async function recordMatches(db: Executor, productId: number): Promise<NewMatch[]> {
  const rows: Rows = async <T extends Record<string, unknown>>(statement: SQL) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  const alternatives = await listingAlternatives(rows, productId);
  const result = (await db.execute(recordMatchesStatement(productId, alternatives))) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  return result.rows.map((row) => ({
    savedSearchId: Number(row.savedSearchId),
    userId: Number(row.userId),
    search: row.search as string | null,
    placeLabel: row.placeLabel as string | null,
    title: String(row.title),
  }));
}

/** The seller's listings for sale that staff have not hidden: what lifting their suspension shows again. */
export async function listingsForSaleOf(db: Executor, sellerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sellerId, sellerId), eq(products.isSold, false), isNull(products.hiddenAt)));
  return rows.map((row) => row.id);
}
