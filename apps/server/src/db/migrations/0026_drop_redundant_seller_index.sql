-- A chat's seller is found through conversations_seller_id_created_at_idx (seller_id, created_at), whose first
-- column serves every lookup the single-column index did; one index less for every new chat to update.
DROP INDEX "conversations_seller_id_idx";
