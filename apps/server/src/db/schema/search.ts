/** What the forgiving search reads besides the listings (docs/product.md, "Search"). */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Every word (accents dropped, lower case) of the listings' titles and descriptions, of the categories' titles and
 * of the saved searches, the list a typed word's typos are looked up in (a GiST trigram index: the nearest spellings
 * first). Kept by triggers on `products` and `categories` (migration 0027) and by saving a search; `in_listings`
 * marks the words some listing used or is filed under, the only ones "Did you mean" offers; `in_saved_searches` the
 * words some saved search typed (kept when it is deleted), the only ones a new listing's words are measured against
 * for the alerts, in an index of their own.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    inListings: boolean('in_listings').notNull().default(false),
    inSavedSearches: boolean('in_saved_searches').notNull().default(false),
  },
  (t) => [
    index('search_words_word_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
    index('search_words_saved_trgm_idx')
      .using('gist', sql`${t.word} gist_trgm_ops`)
      .where(sql`${t.inSavedSearches}`),
  ],
);

/**
 * How often the marketplace was searched with these words on a day, and how often nothing was found: the staff's
 * zero-result report. Words only, never who searched; days older than SEARCH_COUNTS_KEEP_DAYS are swept.
 */
export const searchCounts = pgTable(
  'search_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    zeroResults: integer('zero_results').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'search_counts_pkey', columns: [t.day, t.query] })],
);
