-- The categories' titles in the word list (docs/product.md §21): "furnture" is a typo of the category "Furniture"
-- even when no listing's text has the word. Marked as listings' words: a listing filed under the category has it,
-- so "Did you mean" may offer it.
CREATE FUNCTION rummage_list_category_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, in_listings)
  SELECT w, true FROM rummage_search_words(NEW.title) AS w
  ON CONFLICT (word) DO UPDATE SET in_listings = true WHERE NOT search_words.in_listings;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF title ON categories
  FOR EACH ROW EXECUTE FUNCTION rummage_list_category_words();
--> statement-breakpoint
INSERT INTO search_words (word, in_listings)
SELECT DISTINCT w, true FROM categories, rummage_search_words(title) AS w
ON CONFLICT (word) DO UPDATE SET in_listings = true WHERE NOT search_words.in_listings;
