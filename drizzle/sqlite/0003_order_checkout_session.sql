ALTER TABLE `orders` ADD `checkout_session_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout_session_unique` ON `orders` (`checkout_session_id`);