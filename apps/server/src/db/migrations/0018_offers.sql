CREATE TABLE "offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"from_user_id" bigint NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"below_minimum" boolean DEFAULT false NOT NULL,
	"counters_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired')),
	CONSTRAINT "offers_amount_check" CHECK ("offers"."amount" > 0),
	CONSTRAINT "offers_parties_check" CHECK ("offers"."from_user_id" in ("offers"."buyer_id", "offers"."seller_id"))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "minimum_offer" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_counters_id_offers_id_fk" FOREIGN KEY ("counters_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_pending_idx" ON "offers" USING btree ("product_id","buyer_id") WHERE "offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "offers_product_id_created_at_idx" ON "offers" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_conversation_id_created_at_idx" ON "offers" USING btree ("conversation_id","created_at");