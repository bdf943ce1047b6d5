-- The shop's categories as data (app/models/categories.server.ts), in place of the twelve the code
-- listed. A shop that already has products gets those twelve, in their old order, so that nothing it
-- sold changes; a new database starts with none (the demo seed adds them).
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`image_url` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);
--> statement-breakpoint
INSERT INTO `categories` (`id`, `slug`, `name`, `position`, `created_at`, `updated_at`)
SELECT 'c' || substr(lower(hex(randomblob(12))), 1, 23), v.column1, v.column2, v.column3,
	CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
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
) AS v
WHERE EXISTS (SELECT 1 FROM products);
--> statement-breakpoint
-- Products of a category other than those (none could be stored before) keep theirs as one more.
INSERT INTO `categories` (`id`, `slug`, `name`, `position`, `created_at`, `updated_at`)
SELECT 'c' || substr(lower(hex(randomblob(12))), 1, 23), 'category-' || lower(hex(randomblob(4))), p.category, 100,
	CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer)
FROM (SELECT DISTINCT category FROM products) AS p
WHERE p.category NOT IN (SELECT name FROM categories);
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_categories_insert` AFTER INSERT ON `categories` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_categories_update` AFTER UPDATE ON `categories` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_categories_delete` AFTER DELETE ON `categories` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
