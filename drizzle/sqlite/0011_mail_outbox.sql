CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`group_key` text,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_by` text,
	`claimed_until` integer,
	`due_at` integer NOT NULL,
	`sent_at` integer,
	`gave_up_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_dedupe_key_unique` ON `mail_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_group_idx` ON `mail_outbox` (`group_key`,`id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_sent_due_idx` ON `mail_outbox` (`sent_at`,`due_at`);