-- The shop's own pages, in Markdown (app/models/pages.server.ts). The footer of every page links them,
-- so every write moves the catalogue's version and notes a change that may touch any page.
CREATE TABLE `pages` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`in_footer` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_slug_unique` ON `pages` (`slug`);
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_pages_insert` AFTER INSERT ON `pages` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_pages_update` AFTER UPDATE ON `pages` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_pages_delete` AFTER DELETE ON `pages` BEGIN
	UPDATE catalogue_version SET version = version + 1;
	INSERT INTO catalogue_changes (version, product_id) SELECT version, NULL FROM catalogue_version;
END;
