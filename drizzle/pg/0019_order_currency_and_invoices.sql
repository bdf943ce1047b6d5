-- An owner's first week (issue 48): an order keeps the currency and locale it was paid in (orders
-- made before read as the shop's setting now, the best that is known of them), whether its tax was
-- charged on shipping, and its invoice number, given in sequence as orders are paid (those paid
-- before are numbered in the order they were paid). The per-day totals (0001) are kept per currency
-- too, so that the books never add dollars to euros.
ALTER TABLE "orders" ADD COLUMN "tax_on_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
DROP TRIGGER "order_totals_follow_orders" ON "orders";--> statement-breakpoint
UPDATE "orders" SET
	"currency" = coalesce((SELECT "settings"->>'currency' FROM "shop_settings" WHERE "id" = 1), 'USD'),
	"locale" = coalesce((SELECT "settings"->>'locale' FROM "shop_settings" WHERE "id" = 1), 'en-US');
--> statement-breakpoint
UPDATE "orders" SET "invoice_number" = "numbered"."n"
FROM (SELECT "id", row_number() OVER (ORDER BY "paid_at", "order_number") AS "n" FROM "orders" WHERE "paid_at" IS NOT NULL) AS "numbered"
WHERE "orders"."id" = "numbered"."id";
--> statement-breakpoint
DROP TABLE "order_totals";--> statement-breakpoint
CREATE TABLE "order_totals" (
	"payment_status" text NOT NULL,
	"currency" text NOT NULL,
	"day" text NOT NULL,
	"orders" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "order_totals_payment_status_currency_day_pk" PRIMARY KEY ("payment_status", "currency", "day")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_totals_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.catalogue_version_locked', true) IS DISTINCT FROM 'on' THEN
		PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
		PERFORM set_config('shop.catalogue_version_locked', 'on', true);
	END IF;
	IF TG_OP <> 'INSERT' THEN
		UPDATE order_totals SET orders = orders - 1, cents = cents - OLD.total_price_cents
		WHERE payment_status = OLD.payment_status AND currency = OLD.currency AND day = order_totals_day(OLD.paid_at);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO order_totals AS t (payment_status, currency, day, orders, cents)
		VALUES (NEW.payment_status, NEW.currency, order_totals_day(NEW.paid_at), 1, NEW.total_price_cents)
		ON CONFLICT (payment_status, currency, day) DO UPDATE SET orders = t.orders + 1, cents = t.cents + excluded.cents;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_totals_follow_orders"
	AFTER INSERT OR UPDATE OF "payment_status", "paid_at", "total_price_cents", "currency" OR DELETE ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_totals_follow_orders();
--> statement-breakpoint
INSERT INTO "order_totals" ("payment_status", "currency", "day", "orders", "cents")
SELECT "payment_status", "currency", order_totals_day("paid_at"), count(*), sum("total_price_cents")
FROM "orders" GROUP BY 1, 2, 3;
