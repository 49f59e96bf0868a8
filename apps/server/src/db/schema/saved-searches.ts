/** Saved searches and the listings each has matched (docs/product.md §14). */
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id, tsquery } from './columns.js';
import { productRef } from './listings.js';
import { userRef } from './people.js';

/**
 * A person's kept feed query. The circle's bounding box is stored (the whole world without a place) so that "whose
 * boxes hold this new listing" is one GiST index scan on the box expression; the exact distance then applies as
 * in the feed. `seen_at` starts at creation: matches after it are the "new matches".
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: userRef('user_id'),
    search: text('search'),
    /**
     * The words as the feed's full-text query, parsed once when saved: matching a new listing then only tests it
     * against each candidate search, instead of parsing every candidate's words again (docs/benchmarks.md).
     */
    searchQuery: tsquery('search_query').generatedAlwaysAs(
      sql`websearch_to_tsquery('rummage'::regconfig, "search")`,
    ),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusKm: doublePrecision('radius_km'),
    minLat: doublePrecision('min_lat').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    placeLabel: text('place_label'),
    seenAt: at('seen_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('saved_searches_box_gist_idx').using(
      'gist',
      sql`box(point(${t.minLng}, ${t.minLat}), point(${t.maxLng}, ${t.maxLat}))`,
    ),
    check(
      'saved_searches_place_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null) = (${t.radiusKm} is null)`,
    ),
    check('saved_searches_words_or_place_check', sql`${t.search} is not null or ${t.latitude} is not null`),
  ],
);

/**
 * A listing a saved search matched. The primary key is what makes each pair alert at most once, however often the
 * listing becomes visible again and however often the matching job runs.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: bigint('saved_search_id', { mode: 'number' })
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    productId: productRef('product_id'),
    matchedAt: at('matched_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'saved_search_matches_pkey', columns: [t.savedSearchId, t.productId] }),
    // A deleted listing takes its matches with it.
    index('saved_search_matches_product_id_idx').on(t.productId),
  ],
);
