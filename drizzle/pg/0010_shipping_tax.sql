-- Shipping and tax by region (app/models/pricing.server.ts; as SQLite's 0017), in place of the rules the code held.
-- Every shop starts with the specification's: one zone for every country ("*") with one method,
-- $25 and free over $200, and 5% tax added to the items; so a shop behaves as it did until its owner
-- changes them.
CREATE TABLE "shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"zone_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'flat' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_over_cents" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_countries" (
	"zone_id" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '*' NOT NULL,
	"name" text DEFAULT 'Tax' NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shipping_method_id" text;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zone_countries" ADD CONSTRAINT "shipping_zone_countries_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_methods_zone_name_unique" ON "shipping_methods" USING btree ("zone_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zone_countries_country_unique" ON "shipping_zone_countries" USING btree ("country");--> statement-breakpoint
CREATE INDEX "shipping_zone_countries_zone_idx" ON "shipping_zone_countries" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_name_unique" ON "shipping_zones" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_country_region_unique" ON "tax_rates" USING btree ("country","region");
--> statement-breakpoint
INSERT INTO "shipping_zones" ("id", "name", "position", "created_at", "updated_at")
VALUES ('zeverywhere', 'Everywhere', 0, now(), now());
--> statement-breakpoint
INSERT INTO "shipping_zone_countries" ("zone_id", "country") VALUES ('zeverywhere', '*');
--> statement-breakpoint
INSERT INTO "shipping_methods" ("id", "zone_id", "name", "kind", "price_cents", "bands", "free_over_cents", "position", "created_at", "updated_at")
VALUES ('mstandard', 'zeverywhere', 'Standard', 'flat', 2500, '[]'::jsonb, 20000, 0, now(), now());
--> statement-breakpoint
INSERT INTO "tax_rates" ("id", "country", "region", "name", "rate_bp", "created_at", "updated_at")
VALUES ('teverywhere', '*', '*', 'Tax', 500, now(), now());
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_shipping_zones" AFTER INSERT OR UPDATE OR DELETE ON "shipping_zones"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_shipping_zones_truncate" AFTER TRUNCATE ON "shipping_zones"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_shipping_zone_countries" AFTER INSERT OR UPDATE OR DELETE ON "shipping_zone_countries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_shipping_zone_countries_truncate" AFTER TRUNCATE ON "shipping_zone_countries"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_shipping_methods" AFTER INSERT OR UPDATE OR DELETE ON "shipping_methods"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_shipping_methods_truncate" AFTER TRUNCATE ON "shipping_methods"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_tax_rates" AFTER INSERT OR UPDATE OR DELETE ON "tax_rates"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_emptied();
--> statement-breakpoint
CREATE TRIGGER "catalogue_version_tax_rates_truncate" AFTER TRUNCATE ON "tax_rates"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
