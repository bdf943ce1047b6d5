-- Orders counted and summed per payment status and UTC day of payment ('' when unpaid), kept in
-- step by a trigger (SQLite's drizzle/sqlite/0004): the dashboard and the admin total read a few
-- hundred rows instead of every order. The trigger is deferred to the commit, so concurrent
-- checkouts queue for the one "unpaid" row only while they commit, not for their whole transaction.
-- At the commit it first locks the catalogue's version row (drizzle/pg/0002; locked, not moved):
-- a commit that takes both takes that row before these, whichever change came first in its
-- transaction, so a checkout (order, then stock) and a cancellation (stock, then order) committing at
-- once cannot each hold the row the other waits for.
CREATE TABLE "order_totals" (
	"payment_status" text NOT NULL,
	"day" text NOT NULL,
	"orders" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "order_totals_payment_status_day_pk" PRIMARY KEY ("payment_status", "day")
);
--> statement-breakpoint
CREATE FUNCTION "order_totals_day"("paid_at" timestamptz) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT coalesce(to_char("paid_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '')
$$;
--> statement-breakpoint
CREATE FUNCTION "order_totals_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('shop.catalogue_version_locked', true) IS DISTINCT FROM 'on' THEN
		PERFORM 1 FROM catalogue_version WHERE id = 1 FOR UPDATE;
		PERFORM set_config('shop.catalogue_version_locked', 'on', true);
	END IF;
	IF TG_OP <> 'INSERT' THEN
		UPDATE order_totals SET orders = orders - 1, cents = cents - OLD.total_price_cents
		WHERE payment_status = OLD.payment_status AND day = order_totals_day(OLD.paid_at);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		INSERT INTO order_totals AS t (payment_status, day, orders, cents)
		VALUES (NEW.payment_status, order_totals_day(NEW.paid_at), 1, NEW.total_price_cents)
		ON CONFLICT (payment_status, day) DO UPDATE SET orders = t.orders + 1, cents = t.cents + excluded.cents;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_totals_follow_orders"
	AFTER INSERT OR UPDATE OF "payment_status", "paid_at", "total_price_cents" OR DELETE ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION order_totals_follow_orders();
--> statement-breakpoint
INSERT INTO "order_totals" ("payment_status", "day", "orders", "cents")
SELECT "payment_status", order_totals_day("paid_at"), count(*), sum("total_price_cents")
FROM "orders" GROUP BY 1, 2;
