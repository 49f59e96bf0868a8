ALTER TABLE "products" ADD COLUMN "sale_deal_id" bigint;--> statement-breakpoint
-- A sold listing's deal is the newest one made at its sale: a deal older than the sale belongs to an earlier one,
-- after which the listing was available again (past the deal's rating window) and then sold to someone else.
UPDATE "products" p SET "sale_deal_id" = (
  SELECT d.id FROM deals d
  WHERE d.product_id = p.id AND d.sold_at >= p.sold_at - interval '1 minute'
  ORDER BY d.sold_at DESC, d.id DESC LIMIT 1)
WHERE p.is_sold AND EXISTS (SELECT 1 FROM deals d WHERE d.product_id = p.id);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_deal_check" CHECK ("products"."sale_deal_id" is null or "products"."is_sold");
