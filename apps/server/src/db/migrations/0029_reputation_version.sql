ALTER TABLE "users" ADD COLUMN "reputation_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A person's reputation (docs/product.md §20) reads the ratings of them, their deals, the reply times of chats
-- about their listings and whether each rater is banned. Each change of those bumps reputation_version, so a
-- reputation read before stays good while the version is unchanged, whichever path made the change.
CREATE FUNCTION rummage_reputation_changed(person bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET reputation_version = reputation_version + 1 WHERE id = person
$$;--> statement-breakpoint
CREATE FUNCTION rummage_rating_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM rummage_reputation_changed(OLD.subject_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.subject_id <> OLD.subject_id) THEN
    PERFORM rummage_reputation_changed(NEW.subject_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_reputation AFTER INSERT OR DELETE OR UPDATE OF published_at, removed_at, stars, subject_id, deal_id
  ON reviews FOR EACH ROW EXECUTE FUNCTION rummage_rating_changed();--> statement-breakpoint
CREATE FUNCTION rummage_deal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The lower id first, whichever side it is: two deals of the same two people with the roles swapped take the
  -- two rows' locks in the same order.
  IF TG_OP = 'DELETE' THEN
    PERFORM rummage_reputation_changed(least(OLD.seller_id, OLD.buyer_id));
    PERFORM rummage_reputation_changed(greatest(OLD.seller_id, OLD.buyer_id));
  ELSE
    PERFORM rummage_reputation_changed(least(NEW.seller_id, NEW.buyer_id));
    PERFORM rummage_reputation_changed(greatest(NEW.seller_id, NEW.buyer_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER deals_reputation AFTER INSERT OR DELETE OR UPDATE OF status, rate_until ON deals
  FOR EACH ROW EXECUTE FUNCTION rummage_deal_changed();--> statement-breakpoint
CREATE FUNCTION rummage_reply_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM rummage_reputation_changed(OLD.seller_id);
  ELSE
    PERFORM rummage_reputation_changed(NEW.seller_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only an answered chat counts in the reply time: a chat's first answer, once, not each message.
CREATE TRIGGER conversations_reply_answered AFTER UPDATE OF asked_at, answered_at ON conversations
  FOR EACH ROW WHEN (OLD.answered_at IS DISTINCT FROM NEW.answered_at
    OR (NEW.answered_at IS NOT NULL AND OLD.asked_at IS DISTINCT FROM NEW.asked_at))
  EXECUTE FUNCTION rummage_reply_changed();--> statement-breakpoint
CREATE TRIGGER conversations_reply_written AFTER INSERT ON conversations
  FOR EACH ROW WHEN (NEW.answered_at IS NOT NULL) EXECUTE FUNCTION rummage_reply_changed();--> statement-breakpoint
CREATE TRIGGER conversations_reply_gone AFTER DELETE ON conversations
  FOR EACH ROW WHEN (OLD.answered_at IS NOT NULL) EXECUTE FUNCTION rummage_reply_changed();--> statement-breakpoint
CREATE FUNCTION rummage_rater_banned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET reputation_version = reputation_version + 1
  WHERE id IN (SELECT subject_id FROM reviews WHERE author_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A banned person's ratings of others are hidden while the ban lasts; a deleted account's ratings read as a deleted
-- user's, shown again.
CREATE TRIGGER users_rater_banned AFTER UPDATE OF banned_at ON users
  FOR EACH ROW WHEN (OLD.banned_at IS DISTINCT FROM NEW.banned_at) EXECUTE FUNCTION rummage_rater_banned();--> statement-breakpoint
CREATE TRIGGER users_banned_rater_deleted AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.banned_at IS NOT NULL) EXECUTE FUNCTION rummage_rater_banned();
