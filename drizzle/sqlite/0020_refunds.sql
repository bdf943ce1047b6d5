CREATE TABLE `refund_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`refund_id` text NOT NULL,
	`order_line_id` text NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refund_lines_refund_idx` ON `refund_lines` (`refund_id`);--> statement-breakpoint
CREATE INDEX `refund_lines_line_idx` ON `refund_lines` (`order_line_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`restock` integer DEFAULT false NOT NULL,
	`source` text NOT NULL,
	`status` text NOT NULL,
	`provider_refund_id` text,
	`request_key` text,
	`created_by` text,
	`created_by_name` text,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_request_key_unique` ON `refunds` (`request_key`);--> statement-breakpoint
CREATE INDEX `refunds_status_created_idx` ON `refunds` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` integer;