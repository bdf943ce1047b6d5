CREATE TABLE `client_cart_intents` (
	`intent_id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`amount_cents` integer NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`outcome` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `client_cart_intents_open_idx` ON `client_cart_intents` (`resolved_at`,`created_at`);