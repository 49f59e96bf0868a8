ALTER TABLE "products" ADD COLUMN "reserved_for_id" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_for_id_users_id_fk" FOREIGN KEY ("reserved_for_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_reserved_for_id_idx" ON "products" USING btree ("reserved_for_id") WHERE "products"."reserved_for_id" is not null;