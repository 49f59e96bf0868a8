CREATE TABLE "photo_hashes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_hashes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"views" bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reports" ADD COLUMN "related_product_id" bigint;--> statement-breakpoint
ALTER TABLE "product_reports" ADD COLUMN "related_user_id" bigint;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_hashes_created_at_idx" ON "photo_hashes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "photo_hashes_product_id_idx" ON "photo_hashes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_seller_id_idx" ON "photo_hashes" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "product_reports" ADD CONSTRAINT "product_reports_related_user_id_users_id_fk" FOREIGN KEY ("related_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reports_automatic_key" ON "product_reports" USING btree ("product_id","related_product_id") WHERE "product_reports"."reporter_id" is null;--> statement-breakpoint
CREATE INDEX "product_reports_related_user_id_idx" ON "product_reports" USING btree ("related_user_id") WHERE "product_reports"."related_user_id" is not null;