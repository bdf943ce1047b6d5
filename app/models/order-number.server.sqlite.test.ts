import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute, rows } from "~/db/dialect";
import { databaseBefore } from "../../tests/unit/migrations";

// An upgrade of a SQLite shop from before drizzle/sqlite/0006 (PostgreSQL's orders have numbers from the start).
describe("order numbers", () => {
  it("are given to the orders a shop already had by migration 0006, oldest first", async () => {
    const old = await databaseBefore("0006_");
    const insert = (id: string, at: number) =>
      execute(
        old.q,
        sql`INSERT INTO orders (id, user_name, shipping_address, shipping_city, shipping_phone_no, shipping_postal_code, shipping_country,
              items_price_cents, shipping_price_cents, tax_price_cents, total_price_cents, payment_status, created_at, updated_at)
            VALUES (${id}, 'Old Buyer', 'a', 'b', 'c', 'd', 'France', 100, 0, 5, 105, 'succeeded', ${at}, ${at})`,
      );
    // Ids in another order than time: numbers follow time.
    for (const [id, at] of [
      ["c-newest", 3_000],
      ["a-oldest", 1_000],
      ["b-middle", 2_000],
    ] as const)
      await insert(id, at);

    await old.migrate();
    const numbered = await rows(old.q, sql`SELECT id, order_number AS n FROM orders ORDER BY order_number`);
    expect(numbered).toEqual([
      { id: "a-oldest", n: 1001 },
      { id: "b-middle", n: 1002 },
      { id: "c-newest", n: 1003 },
    ]);
    const indexes = await rows(old.q, sql`SELECT name FROM pragma_index_list('orders') WHERE "unique" = 1`);
    expect(indexes).toContainEqual({ name: "orders_order_number_unique" });
    await old.done();
  });
});
