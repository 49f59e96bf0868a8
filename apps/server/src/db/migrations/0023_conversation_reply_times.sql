ALTER TABLE "conversations" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_seller_id_created_at_idx" ON "conversations" USING btree ("seller_id","created_at");--> statement-breakpoint
-- The chats of before: the buyer's first message, and the seller's first at or after it.
UPDATE "conversations" c SET "asked_at" = q.asked, "answered_at" = (
  SELECT min(m.created_at) FROM "chat_messages" m
  WHERE m.conversation_id = c.id AND m.sender_id = c.seller_id AND m.created_at >= q.asked
)
FROM (
  SELECT m.conversation_id, min(m.created_at) AS asked
  FROM "chat_messages" m JOIN "conversations" c2 ON c2.id = m.conversation_id AND m.sender_id = c2.buyer_id
  GROUP BY m.conversation_id
) q
WHERE q.conversation_id = c.id;
