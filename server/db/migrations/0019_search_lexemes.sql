CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_name_trgm";--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_lexemes_trgm" ON "search_lexemes" USING gist ("lexeme" gist_trgm_ops);--> statement-breakpoint
-- Search (docs/decisions/008): every lexeme a product's search_vector holds, kept as products are
-- written. New products in one statement-level trigger (a seed of 100,000 products is a few
-- statements); an update only when it changes the vector (not a visit count, not a price).
CREATE FUNCTION shop_keep_search_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO search_lexemes (lexeme)
      SELECT DISTINCT unnest(tsvector_to_array(written.search_vector)) FROM written_products written
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_lexemes (lexeme)
      SELECT unnest(tsvector_to_array(NEW.search_vector))
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_lexemes_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products
  FOR EACH STATEMENT EXECUTE FUNCTION shop_keep_search_lexemes();--> statement-breakpoint
CREATE TRIGGER products_search_lexemes_update AFTER UPDATE ON products
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION shop_keep_search_lexemes();--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM products
  ON CONFLICT DO NOTHING;
