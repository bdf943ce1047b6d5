-- An owner's first week (issue 48): an order keeps the currency and locale it was paid in (orders
-- made before read as the shop's setting now, the best that is known of them), whether its tax was
-- charged on shipping, and its invoice number, given in sequence as orders are paid (those paid
-- before are numbered in the order they were paid). The per-day totals (0004) are kept per currency
-- too, so that the books never add dollars to euros.
ALTER TABLE `orders` ADD `tax_on_shipping` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `locale` text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_number` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_number_unique` ON `orders` (`invoice_number`);--> statement-breakpoint
DROP TRIGGER `order_totals_insert`;--> statement-breakpoint
DROP TRIGGER `order_totals_delete`;--> statement-breakpoint
DROP TRIGGER `order_totals_update`;--> statement-breakpoint
DROP TABLE `order_totals`;--> statement-breakpoint
UPDATE `orders` SET
	`currency` = coalesce((SELECT json_extract(`settings`, '$.currency') FROM `shop_settings` WHERE `id` = 1), 'USD'),
	`locale` = coalesce((SELECT json_extract(`settings`, '$.locale') FROM `shop_settings` WHERE `id` = 1), 'en-US');
--> statement-breakpoint
UPDATE `orders` SET `invoice_number` = `numbered`.`n`
FROM (SELECT `id`, row_number() OVER (ORDER BY `paid_at`, `order_number`) AS `n` FROM `orders` WHERE `paid_at` IS NOT NULL) AS `numbered`
WHERE `orders`.`id` = `numbered`.`id`;
--> statement-breakpoint
CREATE TABLE `order_totals` (
	`payment_status` text NOT NULL,
	`currency` text NOT NULL,
	`day` text NOT NULL,
	`orders` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY (`payment_status`, `currency`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `order_totals_insert` AFTER INSERT ON `orders` BEGIN
	INSERT INTO order_totals (payment_status, currency, day, orders, cents)
	VALUES (new.payment_status, new.currency, coalesce(strftime('%Y-%m-%d', new.paid_at / 1000, 'unixepoch'), ''), 1, new.total_price_cents)
	ON CONFLICT (payment_status, currency, day) DO UPDATE SET orders = orders + 1, cents = cents + excluded.cents;
END;
--> statement-breakpoint
CREATE TRIGGER `order_totals_delete` AFTER DELETE ON `orders` BEGIN
	UPDATE order_totals SET orders = orders - 1, cents = cents - old.total_price_cents
	WHERE payment_status = old.payment_status AND currency = old.currency
		AND day = coalesce(strftime('%Y-%m-%d', old.paid_at / 1000, 'unixepoch'), '');
END;
--> statement-breakpoint
CREATE TRIGGER `order_totals_update` AFTER UPDATE OF `payment_status`, `paid_at`, `total_price_cents`, `currency` ON `orders` BEGIN
	UPDATE order_totals SET orders = orders - 1, cents = cents - old.total_price_cents
	WHERE payment_status = old.payment_status AND currency = old.currency
		AND day = coalesce(strftime('%Y-%m-%d', old.paid_at / 1000, 'unixepoch'), '');
	INSERT INTO order_totals (payment_status, currency, day, orders, cents)
	VALUES (new.payment_status, new.currency, coalesce(strftime('%Y-%m-%d', new.paid_at / 1000, 'unixepoch'), ''), 1, new.total_price_cents)
	ON CONFLICT (payment_status, currency, day) DO UPDATE SET orders = orders + 1, cents = cents + excluded.cents;
END;
--> statement-breakpoint
INSERT INTO `order_totals` (`payment_status`, `currency`, `day`, `orders`, `cents`)
SELECT `payment_status`, `currency`, coalesce(strftime('%Y-%m-%d', `paid_at` / 1000, 'unixepoch'), ''), count(*), sum(`total_price_cents`)
FROM `orders` GROUP BY 1, 2, 3;
