import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute, rows } from "~/db/dialect";
import { databaseBefore } from "../../../tests/unit/migrations";

// An upgrade of a SQLite shop from before drizzle/sqlite/0007 (PostgreSQL's schema starts with recipients).
describe("migration 0007", () => {
  it("names the buyer at purchase as the recipient of the orders made before it", async () => {
    const old = await databaseBefore("0007_");
    await execute(
      old.q,
      sql`INSERT INTO orders (id, order_number, user_name, shipping_address, shipping_city, shipping_phone_no, shipping_postal_code,
            shipping_country, items_price_cents, shipping_price_cents, tax_price_cents, total_price_cents, payment_status, created_at, updated_at)
          VALUES ('old-order', 1001, 'Old Buyer', 'a', 'b', 'c', '75002', 'France', 100, 0, 5, 105, 'succeeded', 1000, 1000)`,
    );
    await old.migrate();
    expect(await rows(old.q, sql`SELECT shipping_recipient_name AS name, shipping_state AS state FROM orders`)).toEqual(
      [{ name: "Old Buyer", state: null }],
    );
    await old.done();
  });
});
