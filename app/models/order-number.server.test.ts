import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { execute, isUniqueViolation, rows } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { orders, users } from "~/db/schema";
import type { OrderSort } from "~/lib/admin-sorts";
import { PAYMENT } from "~/lib/order-states";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../tests/unit/fixtures";
import { databaseBefore } from "../../tests/unit/migrations";
import { insertOrder } from "./checkout/reservation.server";
import { getOrder, listOrders, orderJson } from "./orders.server";

const SHIPPING = {
  recipientName: "Test Buyer",
  address: "1 Main St",
  city: "Springfield",
  phoneNo: "555 0100",
  postalCode: "12345",
  country: "France",
};

async function buy(userId: string, productId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return commitTogether(async (tx) =>
    insertOrder(tx, user, SHIPPING, [{ productId, name: "Mouse", stock: 5, quantity: 1, priceCents: 10_00 }], {
      paymentStatus: PAYMENT.succeeded,
    }),
  );
}

describe("order numbers", () => {
  it("are given when an order is written: 1001 first, then one more each time", async () => {
    await clearOrders();
    const userId = await createUser();
    const productId = await createProduct();
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await buy(userId, productId)).orderNumber);
    expect(numbers).toEqual([1001, 1002, 1003]);
    const [first] = numbers;
    const order = (await getOrder((await buy(userId, productId)).id))!;
    expect(order.orderNumber).toBe(first + 3);
    expect(orderJson(order).orderNumber).toBe(first + 3);
  });

  it("follow the highest number, and two orders never share one", async () => {
    const userId = await createUser();
    const productId = await createProduct();
    const high = await createOrder({ userId });
    await commitTogether((tx) => tx.update(orders).set({ orderNumber: 5000 }).where(eq(orders.id, high.id)));
    expect((await buy(userId, productId)).orderNumber).toBe(5001);
    const other = await createOrder({ userId });
    const duplicate = commitTogether((tx) =>
      tx.update(orders).set({ orderNumber: 5000 }).where(eq(orders.id, other.id)),
    );
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await expect(duplicate).rejects.toSatisfy((error) => isUniqueViolation(error, "orders.order_number"));
  });

  it("find an order in the order list, with or without the #", async () => {
    const userId = await createUser();
    const productId = await createProduct();
    const wanted = await buy(userId, productId);
    await buy(userId, productId);
    for (const q of [String(wanted.orderNumber), `#${wanted.orderNumber}`]) {
      const { rows } = await listOrders(tableQuery<OrderSort>("createdAt", { q }));
      expect(rows.map((r) => r.id)).toContain(wanted.id);
      expect(rows.every((r) => r.orderNumber === wanted.orderNumber || r.id.includes(q))).toBe(true);
    }
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
