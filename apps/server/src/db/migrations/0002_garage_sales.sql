CREATE TABLE "garage_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "garage_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" bigint NOT NULL,
	"title" text NOT NULL,
	"location_text" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"items" text[] NOT NULL,
	"start_date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_date" date NOT NULL,
	"end_time" time NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_sales_ends_after_starts_check" CHECK ("garage_sales"."ends_at" > "garage_sales"."starts_at"),
	CONSTRAINT "garage_sales_items_check" CHECK (cardinality("garage_sales"."items") > 0),
	CONSTRAINT "garage_sales_latitude_check" CHECK ("garage_sales"."latitude" between -90 and 90),
	CONSTRAINT "garage_sales_longitude_check" CHECK ("garage_sales"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "garage_sales" ADD CONSTRAINT "garage_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "garage_sales_location_gist_idx" ON "garage_sales" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "garage_sales_starts_at_idx" ON "garage_sales" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "garage_sales_ends_at_idx" ON "garage_sales" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "garage_sales_seller_id_starts_at_idx" ON "garage_sales" USING btree ("seller_id","starts_at");