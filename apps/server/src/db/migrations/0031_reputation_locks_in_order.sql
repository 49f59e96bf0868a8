-- Reputation bumps (migration 0029) lock the people's users rows. One statement changing several ratings (a deal's
-- two published together, or removed with it) or a ban bumping every person the rater rated took those locks in
-- the rows' order, which another write taking the same people in id order could meet the other way round: a
-- deadlock. Every bump of several people now locks them in id order first, and a rating bumps both people of its
-- deal (lower id first, as the deal's own trigger does), so a deal's ratings and the deal lock the pair alike.
CREATE FUNCTION rummage_reputations_changed(people bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = ANY(people) ORDER BY id FOR NO KEY UPDATE;
  UPDATE users SET reputation_version = reputation_version + 1 WHERE id = ANY(people);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rummage_rating_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  subjects bigint[];
  rated_deal bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    subjects := ARRAY[NEW.subject_id];
    rated_deal := NEW.deal_id;
  ELSIF TG_OP = 'DELETE' THEN
    subjects := ARRAY[OLD.subject_id];
    rated_deal := OLD.deal_id;
  ELSE
    subjects := ARRAY[OLD.subject_id, NEW.subject_id];
    rated_deal := NEW.deal_id;
  END IF;
  PERFORM rummage_reputations_changed(
    subjects || ARRAY(SELECT unnest(ARRAY[d.seller_id, d.buyer_id]) FROM deals d WHERE d.id = rated_deal));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rummage_rater_banned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rummage_reputations_changed(ARRAY(
    SELECT subject_id FROM reviews WHERE author_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END $$;
