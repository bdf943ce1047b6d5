-- Full-text search over the catalogue (SQLite's products_fts, drizzle/sqlite/0001): a generated,
-- weighted tsvector, accent- and case-insensitive, with a GIN index; pg_trgm for "did you mean".
-- Relevance as SQLite's bm25(10 name, 1 description, 4 category, 2 seller): a hit in the name
-- weighs most (A), then category (B), seller (C), description (D). The column is kept out of
-- schema.pg.ts (see app/db/fts.pg.ts), so select() never fetches it.
CREATE EXTENSION IF NOT EXISTS "unaccent" WITH SCHEMA "public";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA "public";
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could be changed), so a generated column cannot call it;
-- with the dictionary named, the shop's wrapper is IMMUTABLE. Queries unaccent through it as well.
CREATE FUNCTION "public"."shop_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
	SELECT public.unaccent('public.unaccent'::regdictionary, $1)
$$;
--> statement-breakpoint
-- Punctuation is made a space before the parser sees it, so that words are split as a query splits
-- them (app/lib/search-words.ts) and as SQLite's unicode61 does: the parser would keep "3.0",
-- "v2.0", "1.5a" or "me@x.io" as one token, which a query for "usb 3.0" (3, 0) would never match.
CREATE FUNCTION "public"."shop_search_text"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
	SELECT regexp_replace(public.shop_unaccent(lower($1)), '[[:punct:]]+', ' ', 'g')
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('simple', public.shop_search_text("name")), 'A')
	|| setweight(to_tsvector('simple', public.shop_search_text("category")), 'B')
	|| setweight(to_tsvector('simple', public.shop_search_text("seller")), 'C')
	|| setweight(to_tsvector('simple', public.shop_search_text("description")), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");
