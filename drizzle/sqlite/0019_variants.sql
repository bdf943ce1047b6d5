CREATE TABLE `product_options` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`values` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_options_product_position_unique` ON `product_options` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	`option_values` text NOT NULL,
	`title` text NOT NULL,
	`sku` text,
	`price_cents` integer NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`image_url` text,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_product_title_unique` ON `product_variants` (`product_id`,`title`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_sku_unique` ON `product_variants` (`sku`);--> statement-breakpoint
CREATE INDEX `product_variants_product_position_idx` ON `product_variants` (`product_id`,`position`);--> statement-breakpoint
CREATE INDEX `product_variants_stock_idx` ON `product_variants` (`stock`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_cart_lines` (
	`cart_id` text NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text DEFAULT '' NOT NULL,
	`quantity` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`cart_id`, `product_id`, `variant_id`),
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_cart_lines`("cart_id", "product_id", "variant_id", "quantity", "created_at") SELECT "cart_id", "product_id", '', "quantity", "created_at" FROM `cart_lines`;--> statement-breakpoint
DROP TABLE `cart_lines`;--> statement-breakpoint
ALTER TABLE `__new_cart_lines` RENAME TO `cart_lines`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `cart_lines_product_idx` ON `cart_lines` (`product_id`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `variant_id` text REFERENCES product_variants(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `variant_title` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `sku` text;
--> statement-breakpoint
-- A product's options and variants show on its own page and its cards: that product alone.
CREATE TRIGGER `catalogue_version_product_options_insert` AFTER INSERT ON `product_options` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_options_update` AFTER UPDATE ON `product_options` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_options_delete` AFTER DELETE ON `product_options` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
END;
--> statement-breakpoint
-- A product's options and variants show on its own page and its cards: that product alone.
CREATE TRIGGER `catalogue_version_product_variants_insert` AFTER INSERT ON `product_variants` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_variants_update` AFTER UPDATE ON `product_variants` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_variants_delete` AFTER DELETE ON `product_variants` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
END;
