CREATE TABLE `mail_opt_outs` (
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`email`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `stock_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`created_at` integer NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_item_email_unique` ON `stock_alerts` (`product_id`,`variant_id`,`email`);--> statement-breakpoint
CREATE INDEX `stock_alerts_email_idx` ON `stock_alerts` (`email`);--> statement-breakpoint
ALTER TABLE `carts` ADD `guest_checkout` text;--> statement-breakpoint
ALTER TABLE `carts` ADD `reminded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `guest_email` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `cart_id` text;--> statement-breakpoint
CREATE INDEX `orders_guest_email_idx` ON `orders` (`guest_email`);--> statement-breakpoint
CREATE INDEX `orders_cart_idx` ON `orders` (`cart_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `low_stock_mailed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `cart_reminders` integer DEFAULT false NOT NULL;