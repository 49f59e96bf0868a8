ALTER TABLE "search_words" ADD COLUMN "in_saved_searches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The words saved searches typed so far: a new listing's words are measured against these alone for the alerts.
UPDATE "search_words" SET "in_saved_searches" = true
WHERE "word" IN (SELECT w FROM "saved_searches", rummage_search_words("search") AS w WHERE "search" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "search_words_saved_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops) WHERE "search_words"."in_saved_searches";
