-- The owner's settings: one row (id 1) of JSON. The storefront's pages show them (the shop's name,
-- the hero, the currency of every price), so every write moves the catalogue's version and notes a
-- change that may touch any page (app/db/catalogue-tables.ts), as SQLite's drizzle/sqlite/0013 does.
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_shop_settings" AFTER INSERT OR UPDATE OR DELETE ON "shop_settings"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_shop_settings_truncate" AFTER TRUNCATE ON "shop_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
