ALTER TABLE "products" ADD COLUMN "sale_deal_id" bigint;--> statement-breakpoint
-- A sold listing's deal is the newest one whose rating window outlasts the sale's start: an earlier sale's deal
-- either ended its window before the listing was sold again, or was called off when it became available (a deal's
-- sold_at is the app's clock and the listing's the database's, so the two are not compared directly).
UPDATE "products" p SET "sale_deal_id" = (
  SELECT d.id FROM deals d
  WHERE d.product_id = p.id AND d.rate_until > p.sold_at
  ORDER BY d.sold_at DESC, d.id DESC LIMIT 1)
WHERE p.is_sold AND EXISTS (SELECT 1 FROM deals d WHERE d.product_id = p.id);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_deal_check" CHECK ("products"."sale_deal_id" is null or "products"."is_sold");
