-- The forgiving search (docs/product.md, "Search"): accents dropped and words stemmed in the installation's language
-- (the `rummage` text search configuration; English here, switched at start-up by search/language.ts), and a list
-- of every word used, looked up by trigram distance for typos.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION rummage (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION rummage ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem;
--> statement-breakpoint
-- The words as typed, accents dropped and lower-cased but not stemmed: what typos are measured against.
CREATE TEXT SEARCH CONFIGURATION rummage_words (COPY = simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION rummage_words ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, simple;
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('rummage'::regconfig, "title"), 'A') || setweight(to_tsvector('rummage'::regconfig, "description"), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_gin_idx" ON "products" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "search_query";
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "search_query" tsquery GENERATED ALWAYS AS (websearch_to_tsquery('rummage'::regconfig, "search")) STORED;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"in_listings" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
--> statement-breakpoint
CREATE TABLE "search_counts" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_counts_pkey" PRIMARY KEY("day","query")
);
--> statement-breakpoint
-- The words of a text as the word list keeps them: 3 to 30 letters (shorter ones are never corrected, longer ones
-- are not words), no hyphenated compounds (their parts are listed on their own).
CREATE FUNCTION rummage_search_words(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('rummage_words'::regconfig, body))) AS w
  WHERE length(w) BETWEEN 3 AND 30 AND w !~ '[-0-9_]'
$$;
--> statement-breakpoint
CREATE FUNCTION rummage_list_listing_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, in_listings)
  SELECT w, true FROM rummage_search_words(NEW.title || ' ' || NEW.description) AS w
  ON CONFLICT (word) DO UPDATE SET in_listings = true WHERE NOT search_words.in_listings;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF title, description ON products
  FOR EACH ROW EXECUTE FUNCTION rummage_list_listing_words();
--> statement-breakpoint
INSERT INTO search_words (word, in_listings)
SELECT DISTINCT w, true FROM products, rummage_search_words(title || ' ' || description) AS w
ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM saved_searches, rummage_search_words(search) AS w WHERE search IS NOT NULL
ON CONFLICT (word) DO NOTHING;
--> statement-breakpoint
-- The rewritten table has no statistics on its new `search` column until autovacuum comes by; the feed's plans for
-- search words depend on them (bench/feed/searches.ts measured "oak lamp" around Chicago 5 times slower without).
ANALYZE "products";
