-- The catalogue's version, bumped in the same transaction as every change a shopper can see on a
-- catalogue page or in the product API (products and their stock, pictures, reviews, a reviewer's
-- name), whichever code writes it. The in-process cache of anonymous pages compares it
-- (app/lib/anonymous-cache.server.ts).
CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 1);
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_insert` AFTER INSERT ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_update` AFTER UPDATE ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_products_delete` AFTER DELETE ON `products` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_images_insert` AFTER INSERT ON `product_images` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_images_update` AFTER UPDATE ON `product_images` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_product_images_delete` AFTER DELETE ON `product_images` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_reviews_insert` AFTER INSERT ON `reviews` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_reviews_update` AFTER UPDATE ON `reviews` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_reviews_delete` AFTER DELETE ON `reviews` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_users_update` AFTER UPDATE OF `name` ON `users` BEGIN
	UPDATE catalogue_version SET version = version + 1;
END;
--> statement-breakpoint
-- Orders counted and summed per payment status and UTC day of payment ('' when unpaid), kept in
-- step by triggers: the dashboard and the admin total read a few hundred rows instead of every order.
CREATE TABLE `order_totals` (
	`payment_status` text NOT NULL,
	`day` text NOT NULL,
	`orders` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY (`payment_status`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `order_totals_insert` AFTER INSERT ON `orders` BEGIN
	INSERT INTO order_totals (payment_status, day, orders, cents)
	VALUES (new.payment_status, coalesce(strftime('%Y-%m-%d', new.paid_at / 1000, 'unixepoch'), ''), 1, new.total_price_cents)
	ON CONFLICT (payment_status, day) DO UPDATE SET orders = orders + 1, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `order_totals_delete` AFTER DELETE ON `orders` BEGIN
	UPDATE order_totals SET orders = orders - 1, cents = cents - old.total_price_cents
	WHERE payment_status = old.payment_status AND day = coalesce(strftime('%Y-%m-%d', old.paid_at / 1000, 'unixepoch'), '');
END;
--> statement-breakpoint
CREATE TRIGGER `order_totals_update` AFTER UPDATE OF `payment_status`, `paid_at`, `total_price_cents` ON `orders` BEGIN
	UPDATE order_totals SET orders = orders - 1, cents = cents - old.total_price_cents
	WHERE payment_status = old.payment_status AND day = coalesce(strftime('%Y-%m-%d', old.paid_at / 1000, 'unixepoch'), '');
	INSERT INTO order_totals (payment_status, day, orders, cents)
	VALUES (new.payment_status, coalesce(strftime('%Y-%m-%d', new.paid_at / 1000, 'unixepoch'), ''), 1, new.total_price_cents)
	ON CONFLICT (payment_status, day) DO UPDATE SET orders = orders + 1, cents = cents + excluded.cents;
END;
--> statement-breakpoint
INSERT INTO `order_totals` (`payment_status`, `day`, `orders`, `cents`)
SELECT `payment_status`, coalesce(strftime('%Y-%m-%d', `paid_at` / 1000, 'unixepoch'), ''), count(*), sum(`total_price_cents`)
FROM `orders` GROUP BY 1, 2;
