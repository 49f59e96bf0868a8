ALTER TABLE "products" ADD COLUMN "relisted_at" timestamp with time zone;--> statement-breakpoint
-- Listings available again after a sale before: no listing is accepted on while sold, so the last deal's sale time
-- stands for when the agreements before it ended.
UPDATE "products" p SET "relisted_at" = (SELECT max(d.sold_at) FROM deals d WHERE d.product_id = p.id)
WHERE NOT p.is_sold AND EXISTS (SELECT 1 FROM deals d WHERE d.product_id = p.id);
