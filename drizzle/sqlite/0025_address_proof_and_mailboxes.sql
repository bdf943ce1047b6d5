-- Hardening III (issue 46): a reset link names the address it was mailed to; an account's e-mail is
-- proven or not (Google's accounts are, from the start; others once a link mailed to the address is
-- followed); an e-mail change is confirmed by a link (email_proofs); orders and back-in-stock alerts
-- keep the buyer's mailbox, the address in canonical form (lower case, no +tag: app/lib/mailbox.ts),
-- for per-customer limits and one pending alert per mailbox. Reset links still outstanding keep an
-- empty address and so no longer work (they last 30 minutes; a new one is asked for in a moment).
CREATE TABLE `email_proofs` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_proofs_user_idx` ON `email_proofs` (`user_id`);--> statement-breakpoint
DROP INDEX `stock_alerts_item_email_unique`;--> statement-breakpoint
ALTER TABLE `stock_alerts` ADD `mailbox` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `stock_alerts` ADD `confirmed_at` integer;--> statement-breakpoint
-- Alerts asked for before double opt-in stay confirmed; of several for one mailbox and item, one stays.
UPDATE `stock_alerts` SET `mailbox` = CASE WHEN instr(substr(lower(trim(`email`)), 1, instr(lower(trim(`email`)), '@') - 1), '+') > 1 THEN substr(lower(trim(`email`)), 1, instr(lower(trim(`email`)), '+') - 1) || substr(lower(trim(`email`)), instr(lower(trim(`email`)), '@')) ELSE lower(trim(`email`)) END, `confirmed_at` = `created_at`;--> statement-breakpoint
DELETE FROM `stock_alerts` WHERE `rowid` NOT IN (SELECT min(`rowid`) FROM `stock_alerts` GROUP BY `product_id`, `variant_id`, `mailbox`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_alerts_item_mailbox_unique` ON `stock_alerts` (`product_id`,`variant_id`,`mailbox`);--> statement-breakpoint
CREATE INDEX `stock_alerts_mailbox_idx` ON `stock_alerts` (`mailbox`,`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `mailbox` text;--> statement-breakpoint
UPDATE `orders` SET `mailbox` = CASE WHEN instr(substr(lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))), 1, instr(lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))), '@') - 1), '+') > 1 THEN substr(lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))), 1, instr(lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))), '+') - 1) || substr(lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))), instr(lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))), '@')) ELSE lower(trim(coalesce(`guest_email`, (SELECT `email` FROM `users` WHERE `users`.`id` = `orders`.`user_id`)))) END;--> statement-breakpoint
CREATE INDEX `orders_mailbox_idx` ON `orders` (`mailbox`);--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_proven_at` integer;--> statement-breakpoint
UPDATE `users` SET `email_proven_at` = `created_at` WHERE `google_sign_in` = 1;
