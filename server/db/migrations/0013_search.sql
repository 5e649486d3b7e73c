-- Search (storefront issue 15): accents folded by unaccent, English stemming, trigrams for typos.
-- Both extensions are trusted (PostgreSQL 13+): a database owner may create them. PGlite loads them
-- in pglite-worker.mjs.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION shop_simple (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION shop_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes it safe to
-- declare IMMUTABLE, which a generated column needs.
CREATE FUNCTION shop_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('shop_english'::regconfig, name), 'A')
        || setweight(to_tsvector('shop_simple'::regconfig, name), 'A')
        || setweight(to_tsvector('shop_simple'::regconfig, code), 'B')
        || setweight(to_tsvector('shop_english'::regconfig, short_description || ' ' || long_description), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('shop_english'::regconfig, name) || to_tsvector('shop_simple'::regconfig, name)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (shop_unaccent(lower(name))) STORED;--> statement-breakpoint
CREATE INDEX "products_search_vector" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_vector" ON "products" USING gin ("name_vector");--> statement-breakpoint
CREATE INDEX "products_search_name_trgm" ON "products" USING gist ("search_name" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_code_prefix" ON "products" USING btree (lower("code") text_pattern_ops);