CREATE TABLE "listing_grid" (
	"lat_cell" integer NOT NULL,
	"lng_cell" integer NOT NULL,
	"listings" integer NOT NULL,
	CONSTRAINT "listing_grid_pkey" PRIMARY KEY("lat_cell","lng_cell")
);
--> statement-breakpoint
-- The grid's one definition of its cells: a listing at (latitude, longitude) lies in the cell
-- (floor(listing_grid_scale(latitude)), floor(listing_grid_scale(longitude))), a quarter of a degree a side. A
-- 25-mile circle's box (0.72 degrees of latitude) then covers about 4 × 5 cells: a sum of a few rows, while the
-- share of each cell the box covers (feed.statement.ts) keeps the estimate close in sparse and dense places alike.
CREATE FUNCTION "listing_grid_scale"("degrees" double precision) RETURNS double precision
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select "degrees" * 4 $$;
--> statement-breakpoint
-- Every trigger below adds signed counts through one upsert that visits cells in key order, so two writers whose
-- listings share cells lock them in the same order and never deadlock.
CREATE FUNCTION "listing_grid_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "listing_grid" ("lat_cell", "lng_cell", "listings")
	SELECT floor(listing_grid_scale("latitude"))::int, floor(listing_grid_scale("longitude"))::int, count(*)::int
	FROM added GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("lat_cell", "lng_cell") DO UPDATE SET "listings" = "listing_grid"."listings" + excluded."listings";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "listing_grid" ("lat_cell", "lng_cell", "listings")
	SELECT floor(listing_grid_scale("latitude"))::int, floor(listing_grid_scale("longitude"))::int, -count(*)::int
	FROM removed GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("lat_cell", "lng_cell") DO UPDATE SET "listings" = "listing_grid"."listings" + excluded."listings";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "listing_grid" ("lat_cell", "lng_cell", "listings")
	SELECT lat_cell, lng_cell, listings FROM (VALUES
		(floor(listing_grid_scale(OLD."latitude"))::int, floor(listing_grid_scale(OLD."longitude"))::int, -1),
		(floor(listing_grid_scale(NEW."latitude"))::int, floor(listing_grid_scale(NEW."longitude"))::int, 1)
	) AS moved (lat_cell, lng_cell, listings) ORDER BY 1, 2
	ON CONFLICT ("lat_cell", "lng_cell") DO UPDATE SET "listings" = "listing_grid"."listings" + excluded."listings";
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "listing_grid_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "listing_grid";
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Counts every listing from scratch: run once below, and after loads that bypass triggers (bench/feed's loader
-- runs with session_replication_role = replica).
CREATE FUNCTION "listing_grid_recount"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM "listing_grid";
	INSERT INTO "listing_grid" ("lat_cell", "lng_cell", "listings")
	SELECT floor(listing_grid_scale("latitude"))::int, floor(listing_grid_scale("longitude"))::int, count(*)::int
	FROM "products" GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- Statement triggers with transition tables: a bulk insert or an account's deletion (its listings cascade) updates
-- each cell once, not once per listing.
CREATE TRIGGER "listing_grid_added" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION listing_grid_added();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_removed" AFTER DELETE ON "products" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION listing_grid_removed();
--> statement-breakpoint
-- A row trigger (transition tables cannot go with a column list), and its WHEN keeps every other update (views,
-- sales, reservations) from calling anything.
CREATE TRIGGER "listing_grid_moved" AFTER UPDATE OF "latitude", "longitude" ON "products" FOR EACH ROW
	WHEN (floor(listing_grid_scale(OLD."latitude")) <> floor(listing_grid_scale(NEW."latitude"))
		OR floor(listing_grid_scale(OLD."longitude")) <> floor(listing_grid_scale(NEW."longitude")))
	EXECUTE FUNCTION listing_grid_moved();
--> statement-breakpoint
CREATE TRIGGER "listing_grid_emptied" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION listing_grid_emptied();
--> statement-breakpoint
-- After the triggers: creating them waits for writes to products in flight and holds new ones until the
-- migration commits, so the count below sees every listing the triggers will not.
SELECT listing_grid_recount();
