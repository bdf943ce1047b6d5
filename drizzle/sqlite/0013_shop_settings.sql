-- The owner's settings: one row (id 1) of JSON. The storefront's pages show them (the shop's name,
-- the hero, the currency of every price), so every write moves the catalogue's version and notes a
-- change that may touch any page (app/db/catalogue-tables.ts).
CREATE TABLE `shop_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shop_settings_insert` AFTER INSERT ON `shop_settings` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shop_settings_update` AFTER UPDATE ON `shop_settings` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_shop_settings_delete` AFTER DELETE ON `shop_settings` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
