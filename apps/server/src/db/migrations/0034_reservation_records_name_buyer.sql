-- The seller's own record of holding a listing for a buyer ("You reserved Lamp for alice", "You released the
-- reservation of Lamp for alice") names the buyer in `data.named`, so that it forgets them with their account
-- (account-data.repository.ts). Records made before carry the buyer only in their link, /chat/<buyerId>/<productId>.
-- Entries are stored in English and said in the reader's language when read.
UPDATE notifications
SET data = jsonb_set(data, '{named}', jsonb_build_array(split_part(link, '/', 3)::bigint))
WHERE type = 'reservation'
  AND NOT (data ? 'named')
  AND (title LIKE 'You reserved %' OR title LIKE 'You released the reservation of %')
  AND link ~ '^/chat/[0-9]+/[0-9]+$';
