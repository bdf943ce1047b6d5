-- SQLite adds a NOT NULL column only with a default: '' is never kept, the backfill below names
-- every existing order's recipient and the shop writes each new one's itself (insertOrder).
ALTER TABLE `orders` ADD `shipping_recipient_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_state` text;--> statement-breakpoint
ALTER TABLE `users` ADD `shipping_recipient_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `shipping_state` text;--> statement-breakpoint
-- Orders made before recipients were asked for were shipped to their buyer: the name at purchase.
UPDATE `orders` SET `shipping_recipient_name` = `user_name` WHERE `shipping_recipient_name` = '';
