-- Shipping and tax by region (app/models/pricing.server.ts), in place of the rules the code held.
-- Every shop starts with the specification's: one zone for every country ("*") with one method,
-- $25 and free over $200, and 5% tax added to the items; so a shop behaves as it did until its owner
-- changes them.
CREATE TABLE `shipping_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`zone_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'flat' NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`bands` text DEFAULT '[]' NOT NULL,
	`free_over_cents` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`zone_id`) REFERENCES `shipping_zones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_methods_zone_name_unique` ON `shipping_methods` (`zone_id`,`name`);--> statement-breakpoint
CREATE TABLE `shipping_zone_countries` (
	`zone_id` text NOT NULL,
	`country` text NOT NULL,
	FOREIGN KEY (`zone_id`) REFERENCES `shipping_zones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_zone_countries_country_unique` ON `shipping_zone_countries` (`country`);--> statement-breakpoint
CREATE INDEX `shipping_zone_countries_zone_idx` ON `shipping_zone_countries` (`zone_id`);--> statement-breakpoint
CREATE TABLE `shipping_zones` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipping_zones_name_unique` ON `shipping_zones` (`name`);--> statement-breakpoint
CREATE TABLE `tax_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`country` text NOT NULL,
	`region` text DEFAULT '*' NOT NULL,
	`name` text DEFAULT 'Tax' NOT NULL,
	`rate_bp` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_rates_country_region_unique` ON `tax_rates` (`country`,`region`);--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_method` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_rate_bp` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_included` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `weight_grams` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `shipping_method_id` text;--> statement-breakpoint
INSERT INTO `shipping_zones` (`id`, `name`, `position`, `created_at`, `updated_at`)
VALUES ('zeverywhere', 'Everywhere', 0, CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer));
--> statement-breakpoint
INSERT INTO `shipping_zone_countries` (`zone_id`, `country`) VALUES ('zeverywhere', '*');
--> statement-breakpoint
INSERT INTO `shipping_methods` (`id`, `zone_id`, `name`, `kind`, `price_cents`, `bands`, `free_over_cents`, `position`, `created_at`, `updated_at`)
VALUES ('mstandard', 'zeverywhere', 'Standard', 'flat', 2500, '[]', 20000, 0, CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer));
--> statement-breakpoint
INSERT INTO `tax_rates` (`id`, `country`, `region`, `name`, `rate_bp`, `created_at`, `updated_at`)
VALUES ('teverywhere', '*', '*', 'Tax', 500, CAST((julianday('now') - 2440587.5) * 86400000 AS integer), CAST((julianday('now') - 2440587.5) * 86400000 AS integer));
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_zones_insert` AFTER INSERT ON `shipping_zones` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_zones_update` AFTER UPDATE ON `shipping_zones` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_zones_delete` AFTER DELETE ON `shipping_zones` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_zone_countries_insert` AFTER INSERT ON `shipping_zone_countries` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_zone_countries_update` AFTER UPDATE ON `shipping_zone_countries` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_zone_countries_delete` AFTER DELETE ON `shipping_zone_countries` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_methods_insert` AFTER INSERT ON `shipping_methods` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_methods_update` AFTER UPDATE ON `shipping_methods` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shipping_methods_delete` AFTER DELETE ON `shipping_methods` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_tax_rates_insert` AFTER INSERT ON `tax_rates` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_tax_rates_update` AFTER UPDATE ON `tax_rates` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_tax_rates_delete` AFTER DELETE ON `tax_rates` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
-- A product's weight shows only where the product does: an update of it touches that product alone,
-- like its ratings (drizzle/sqlite/0009 counted every column it did not know as touching every page).
DROP TRIGGER `catalogue_version_products_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_update` AFTER UPDATE ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id)
	SELECT version, CASE
		WHEN old.seq IS new.seq AND old.id IS new.id AND old.name IS new.name AND old.description IS new.description
			AND old.price_cents IS new.price_cents AND old.category IS new.category AND old.seller IS new.seller
			AND old.stock IS new.stock AND old.created_at IS new.created_at
			AND (SELECT count(*) FROM pragma_table_info('products')) = 13
		THEN new.id
	END
	FROM catalogue_version;
END;
