ALTER TABLE "conversations" ADD COLUMN "product_sale_deal_id" bigint;--> statement-breakpoint
-- Chats about listings deleted before: their listing's newest deal is the best guess of its last sale's.
UPDATE "conversations" c SET "product_sale_deal_id" = (
  SELECT d.id FROM deals d WHERE d.product_id = c.product_id ORDER BY d.sold_at DESC, d.id DESC LIMIT 1)
WHERE c.product_title IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id);
