import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execute, isUniqueViolation, rows } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { orders } from "~/db/schema";
import { createOrder, createProduct, createUser } from "../../../tests/unit/fixtures";
import { databaseBefore } from "../../../tests/unit/migrations";
import { buyOne } from "../../../tests/unit/buying";

// SQLite's numbers: the next is one more than the highest (an expression inside the INSERT), and
// migration 0006 numbered the orders a shop already had. PostgreSQL takes them from order_number_seq.
describe("order numbers on SQLite", () => {
  it("follow the highest number, and two orders never share one", async () => {
    const userId = await createUser();
    const productId = await createProduct();
    const high = await createOrder({ userId });
    await commitTogether((tx) => tx.update(orders).set({ orderNumber: 5000 }).where(eq(orders.id, high.id)));
    expect((await buyOne(userId, productId)).orderNumber).toBe(5001);
    const other = await createOrder({ userId });
    const duplicate = commitTogether((tx) =>
      tx.update(orders).set({ orderNumber: 5000 }).where(eq(orders.id, other.id)),
    );
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await expect(duplicate).rejects.toSatisfy((error) => isUniqueViolation(error, "orders.order_number"));
  });

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
