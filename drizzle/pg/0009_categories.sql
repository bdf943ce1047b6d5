-- The shop's categories as data (app/models/categories.server.ts), in place of the twelve the code
-- listed (as SQLite's 0016): a shop that already has products gets those twelve, in their old order;
-- a new database starts with none (the demo seed adds them).
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"image_url" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree ("name");
--> statement-breakpoint
INSERT INTO "categories" ("id", "slug", "name", "position", "created_at", "updated_at")
SELECT 'c' || substr(md5(random()::text || v.name), 1, 23), v.slug, v.name, v.position, now(), now()
FROM (VALUES
	('electronics', 'Electronics', 0),
	('cameras', 'Cameras', 1),
	('laptops', 'Laptops', 2),
	('accessories', 'Accessories', 3),
	('headphones', 'Headphones', 4),
	('food', 'Food', 5),
	('books', 'Books', 6),
	('clothes-shoes', 'Clothes/Shoes', 7),
	('beauty-health', 'Beauty/Health', 8),
	('sports', 'Sports', 9),
	('outdoor', 'Outdoor', 10),
	('home', 'Home', 11)
) AS v (slug, name, position)
WHERE EXISTS (SELECT 1 FROM products);
--> statement-breakpoint
INSERT INTO "categories" ("id", "slug", "name", "position", "created_at", "updated_at")
SELECT 'c' || substr(md5(random()::text || p.category), 1, 23), 'category-' || substr(md5(p.category), 1, 8), p.category, 100, now(), now()
FROM (SELECT DISTINCT category FROM products) AS p
WHERE p.category NOT IN (SELECT name FROM categories);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_categories" AFTER INSERT OR UPDATE OR DELETE ON "categories"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_categories_truncate" AFTER TRUNCATE ON "categories"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
