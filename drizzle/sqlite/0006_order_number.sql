-- SQLite adds a NOT NULL column only with a default: 0 is never kept, the backfill below numbers
-- every existing order and the shop writes each new one's number itself (insertOrder).
ALTER TABLE `orders` ADD `order_number` integer NOT NULL DEFAULT 0;--> statement-breakpoint
-- Existing orders get 1001, 1002, … in the order they were made.
UPDATE `orders` SET `order_number` = `numbered`.`num`
FROM (SELECT `id`, 1000 + row_number() OVER (ORDER BY `created_at`, `id`) AS `num` FROM `orders`) AS `numbered`
WHERE `orders`.`id` = `numbered`.`id`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_order_number_unique` ON `orders` (`order_number`);
