-- Which product each move of the catalogue's version touched: a product id, or NULL when the
-- change may touch any page (a new or deleted product, a new price, stock, name, category...).
-- A review, a picture, a product's ratings or a reviewer's name touch only their products, so the
-- answers kept about other products (a product page, a list of cards that shows none of them) stay
-- (app/models/catalogue-cache.server.ts). The last 10,000 versions are kept (KEPT_VERSIONS there).
CREATE TABLE `catalogue_changes` (
	`id` integer PRIMARY KEY,
	`version` integer NOT NULL,
	`product_id` text
);
--> statement-breakpoint
CREATE INDEX `catalogue_changes_version_idx` ON `catalogue_changes` (`version`);
--> statement-breakpoint
CREATE TRIGGER `catalogue_changes_prune` AFTER INSERT ON `catalogue_changes` WHEN new.id % 1000 = 0 BEGIN
	DELETE FROM catalogue_changes WHERE version <= new.version - 10000;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_products_insert`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_insert` AFTER INSERT ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_products_delete`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_delete` AFTER DELETE ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
-- Only the ratings (and updated_at) changed: that product alone. Any other column: every page, so
-- a column added to products later counts as touching every page unless it is named here.
DROP TRIGGER `catalogue_version_products_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_update` AFTER UPDATE ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id)
	SELECT version, CASE
		WHEN old.seq IS new.seq AND old.id IS new.id AND old.name IS new.name AND old.description IS new.description
			AND old.price_cents IS new.price_cents AND old.category IS new.category AND old.seller IS new.seller
			AND old.stock IS new.stock AND old.created_at IS new.created_at
			AND (SELECT count(*) FROM pragma_table_info('products')) = 12
		THEN new.id
	END
	FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_product_images_insert`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_images_insert` AFTER INSERT ON `product_images` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_product_images_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_images_update` AFTER UPDATE ON `product_images` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_product_images_delete`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_images_delete` AFTER DELETE ON `product_images` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_reviews_insert`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_reviews_insert` AFTER INSERT ON `reviews` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_reviews_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_reviews_update` AFTER UPDATE ON `reviews` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, new.product_id FROM catalogue_version;
END;
--> statement-breakpoint
DROP TRIGGER `catalogue_version_reviews_delete`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_reviews_delete` AFTER DELETE ON `reviews` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, old.product_id FROM catalogue_version;
END;
--> statement-breakpoint
-- The products this user reviewed (their name shows beside each review).
DROP TRIGGER `catalogue_version_users_update`;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_users_update` AFTER UPDATE OF `name` ON `users` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id)
	SELECT v.version, r.product_id FROM catalogue_version v JOIN (SELECT DISTINCT product_id FROM reviews WHERE user_id = new.id) r;
END;
