/**
 * The matching of saved searches against one listing (docs/product.md §14), as one statement: the job runs it, and
 * bench/alerts measures it. The radius and the words are the feed's own SQL (radius.ts, feed.statement.ts), so an
 * alert never disagrees with what the same search shows on the marketplace page, at the radius edge included.
 */
import { sql, type SQL } from 'drizzle-orm';
import { categories, products, savedSearchMatches, savedSearches, users } from '../../db/schema.js';
import { categoryWords, shownSql, textMatchOfListing } from '../marketplace/feed.statement.js';
import {
  LISTING_SHOWN_POINT,
  shownListingBox,
  withinCircleOf,
  type CircleValues,
} from '../marketplace/radius.js';
import type { ListingAlternatives } from '../marketplace/search/forgiving.js';
import { blockedSql } from '../user/block.repository.js';

/** The stored circle of a saved search, as the feed's circle SQL takes it. */
const savedCircle: CircleValues<unknown> = {
  latitude: savedSearches.latitude,
  longitude: savedSearches.longitude,
  radiusKm: savedSearches.radiusKm,
  minLat: savedSearches.minLat,
  maxLat: savedSearches.maxLat,
  minLng: savedSearches.minLng,
  maxLng: savedSearches.maxLng,
};

/** The saved search's box, the expression its GiST index (saved_searches_box_gist_idx) is built on. */
export const savedBoxSql = sql`box(point(${savedSearches.minLng}, ${savedSearches.minLat}),
  point(${savedSearches.maxLng}, ${savedSearches.maxLat}))`;

/**
 * The listing's category's words with the lexemes they stand for by typo or synonym (`listingAlternatives`), made
 * once per statement by the `listing_category` CTE.
 */
const listingCategoryWords = sql`listing_category.words`;

/**
 * The listing's words with the lexemes they stand for by typo or synonym (`listingAlternatives`), made once per
 * statement by the `listing_words` CTE.
 */
const listingWords = sql`listing_words.words`;

/**
 * Whether the saved search (a row of saved_searches) matches the listing (a row of products): the feed's radius and
 * words; a search without a place is everywhere, one without words takes anything. The words are the search's
 * stored tsquery (parsed once, when saved). With `prefilter`, the box test the GiST index answers comes first (the
 * bench turns it off to measure the naive scan).
 */
export function savedSearchMatchesListing(prefilter = true): SQL {
  // The point the listing's answers show, as the circle below measures it (radius.ts).
  const listingPoint = shownListingBox();
  const conditions = [
    sql`(${savedSearches.latitude} is null or ${withinCircleOf(savedCircle, LISTING_SHOWN_POINT)})`,
    sql`(${savedSearches.searchQuery} is null or ${textMatchOfListing(savedSearches.searchQuery, listingCategoryWords, listingWords)})`,
  ];
  return sql.join(
    prefilter ? [sql`${savedBoxSql} && ${listingPoint}`, ...conditions] : conditions,
    sql` and `,
  );
}

/** Lexemes given as a JSON array of strings, as a tsvector. */
const lexemes = (json: string) =>
  sql`array_to_tsvector(array(select json_array_elements_text(${json}::json)))`;

/**
 * Records the saved searches the listing newly matches, and answers them with what their alert needs (the title
 * once, not per pair). Nothing for a listing not visible when the job runs (sold, hidden, seller banned); never the
 * seller's own searches, searches of people who blocked the seller or whom the seller blocked, or of banned people.
 * `on conflict do nothing` keeps a pair matched once, however often the listing comes back.
 */
export function recordMatchesStatement(
  productId: number,
  options: { prefilter?: boolean } & Partial<ListingAlternatives> = {},
): SQL {
  const alternatives = JSON.stringify(options.words ?? []);
  const categoryAlternatives = JSON.stringify(options.category ?? []);
  // Materialized: one tsvector for the statement; inlined, PostgreSQL would make it again for every candidate.
  return sql`with listing_category as materialized (
    select ${categoryWords} || ${lexemes(categoryAlternatives)} as words from ${products}
    join ${categories} on ${categories.id} = ${products.categoryId}
    where ${products.id} = ${productId}),
  listing_words as materialized (
    select ${products.search} || ${lexemes(alternatives)} as words from ${products} where ${products.id} = ${productId}),
  new_matches as (
    insert into ${savedSearchMatches} (saved_search_id, product_id)
    select ${savedSearches.id}, ${products.id}
    from ${products}
    join ${users} on ${users.id} = ${products.sellerId}
    left join listing_category on true
    join listing_words on true
    join ${savedSearches} on ${savedSearchMatchesListing(options.prefilter ?? true)}
    join ${users} as searcher on searcher.id = ${savedSearches.userId}
    where ${products.id} = ${productId} and ${products.isSold} = false and ${shownSql}
      and searcher.banned_at is null and ${savedSearches.userId} <> ${products.sellerId}
      and not ${blockedSql(savedSearches.userId, products.sellerId)}
      and not ${blockedSql(products.sellerId, savedSearches.userId)}
    on conflict do nothing
    returning saved_search_id)
  select m.saved_search_id::int8 as "savedSearchId", s.user_id::int8 as "userId", s.search,
    s.place_label as "placeLabel", (select ${products.title} from ${products} where ${products.id} = ${productId}) as title
  from new_matches m
  join ${savedSearches} s on s.id = m.saved_search_id`;
}
