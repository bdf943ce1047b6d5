ALTER TABLE `orders` ADD `shipping_carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;