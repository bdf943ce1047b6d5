-- The shop's own pages, in Markdown (app/models/pages.server.ts). The footer of every page links them,
-- so every write moves the catalogue's version and notes a change that may touch any page (as SQLite's 0014).
CREATE TABLE "pages" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"in_footer" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_unique" ON "pages" USING btree ("slug");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_pages" AFTER INSERT OR UPDATE OR DELETE ON "pages"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_pages_truncate" AFTER TRUNCATE ON "pages"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
