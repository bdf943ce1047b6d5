-- The catalogue's words for "did you mean" (app/models/spelling.server.ts), kept by triggers: each
-- word of products.search with how many products hold it, as ts_stat('SELECT search FROM products')
-- would answer, which passes over every product's vector (over half a second at 100,000 products).
-- search_words_version moves with every change of a product's words (not with stock or prices), so a
-- node keeps the words it read until they change. SQLite reads FTS5's own vocabulary instead.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL CHECK ("docs" > 0)
);
--> statement-breakpoint
CREATE TABLE "search_words_version" (
	"id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_words_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Counts every product's words again (after a copy made with the triggers off, say).
CREATE FUNCTION "search_words_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_words_version SET version = version + 1 WHERE id = 1;
	DELETE FROM search_words;
	INSERT INTO search_words (word, docs) SELECT word, ndoc FROM ts_stat('SELECT search FROM products');
END
$$;
--> statement-breakpoint
SELECT search_words_rebuild();
--> statement-breakpoint
-- A product's words before and after: the ones it no longer holds count one product less (and go
-- when none holds them), the new ones one more. The version row is taken first, so transactions that
-- change words queue there and cannot deadlock over the word rows.
CREATE FUNCTION "search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	before text[] := CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE tsvector_to_array(coalesce(OLD.search, '')) END;
	after text[] := CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE tsvector_to_array(coalesce(NEW.search, '')) END;
	removed text[] := ARRAY(SELECT unnest(before) EXCEPT SELECT unnest(after));
BEGIN
	UPDATE search_words_version SET version = version + 1 WHERE id = 1;
	DELETE FROM search_words WHERE docs = 1 AND word = ANY (removed);
	UPDATE search_words SET docs = docs - 1 WHERE word = ANY (removed);
	INSERT INTO search_words (word, docs)
	SELECT w, 1 FROM (SELECT unnest(after) EXCEPT SELECT unnest(before)) AS added(w) ORDER BY w
	ON CONFLICT (word) DO UPDATE SET docs = search_words.docs + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_words_products" AFTER INSERT OR DELETE ON "products"
FOR EACH ROW EXECUTE FUNCTION search_words_follow();
--> statement-breakpoint
CREATE TRIGGER "search_words_products_text" AFTER UPDATE OF "name", "category", "seller", "description" ON "products"
FOR EACH ROW WHEN (OLD.search IS DISTINCT FROM NEW.search) EXECUTE FUNCTION search_words_follow();
--> statement-breakpoint
CREATE FUNCTION "search_words_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE search_words_version SET version = version + 1 WHERE id = 1;
	DELETE FROM search_words;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_words_products_truncate" AFTER TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION search_words_emptied();
