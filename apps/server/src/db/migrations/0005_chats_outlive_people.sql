ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_buyer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_seller_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "product_title" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "product_price" numeric(12, 2);