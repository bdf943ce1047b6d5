CREATE TABLE `discounts` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer DEFAULT 0 NOT NULL,
	`min_subtotal_cents` integer,
	`starts_at` integer,
	`ends_at` integer,
	`usage_limit` integer,
	`per_customer_limit` integer,
	`product_ids` text DEFAULT '[]' NOT NULL,
	`category_ids` text DEFAULT '[]' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`times_used` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discounts_code_unique` ON `discounts` (`code`);--> statement-breakpoint
CREATE TABLE `order_discounts` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`discount_id` text,
	`code` text,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`discount_id`) REFERENCES `discounts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `order_discounts_order_idx` ON `order_discounts` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_discounts_discount_idx` ON `order_discounts` (`discount_id`);--> statement-breakpoint
ALTER TABLE `carts` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;