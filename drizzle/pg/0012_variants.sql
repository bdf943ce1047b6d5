CREATE TABLE "product_options" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"option_values" jsonb NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_url" text
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "variant_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_cart_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_product_id_variant_id_pk" PRIMARY KEY("cart_id","product_id","variant_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_title" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_position_unique" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_title_unique" ON "product_variants" USING btree ("product_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variants_product_position_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_stock_idx" ON "product_variants" USING btree ("stock");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A product's options and variants show on its own page and its cards: that product alone.
CREATE CONSTRAINT TRIGGER "catalogue_version_product_options" AFTER INSERT OR UPDATE OR DELETE ON "product_options"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER "catalogue_version_product_options_truncate" AFTER TRUNCATE ON "product_options"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalogue_version_product_variants" AFTER INSERT OR UPDATE OR DELETE ON "product_variants"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_product_rows_changed();--> statement-breakpoint
CREATE TRIGGER "catalogue_version_product_variants_truncate" AFTER TRUNCATE ON "product_variants"
	FOR EACH STATEMENT EXECUTE FUNCTION catalogue_emptied();
