CREATE TABLE "deals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"title" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rate_until" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('completed', 'void')),
	CONSTRAINT "deals_parties_check" CHECK ("deals"."seller_id" <> "deals"."buyer_id")
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"review_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_reporter_id_key" UNIQUE("review_id","reporter_id"),
	CONSTRAINT "review_reports_status_check" CHECK ("review_reports"."status" in ('open', 'reviewed', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"subject_id" bigint NOT NULL,
	"role" text NOT NULL,
	"stars" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text,
	CONSTRAINT "reviews_deal_id_author_id_key" UNIQUE("deal_id","author_id"),
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_role_check" CHECK ("reviews"."role" in ('seller', 'buyer')),
	CONSTRAINT "reviews_parties_check" CHECK ("reviews"."author_id" <> "reviews"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_seller_id_sold_at_idx" ON "deals" USING btree ("seller_id","sold_at");--> statement-breakpoint
CREATE INDEX "deals_buyer_id_sold_at_idx" ON "deals" USING btree ("buyer_id","sold_at");--> statement-breakpoint
CREATE INDEX "deals_product_id_sold_at_idx" ON "deals" USING btree ("product_id","sold_at");--> statement-breakpoint
CREATE INDEX "review_reports_status_created_at_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_subject_id_created_at_idx" ON "reviews" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_id_idx" ON "reviews" USING btree ("author_id");