import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { orders } from "~/db/schema";
import type { OrderSort } from "~/lib/admin-sorts";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../../tests/unit/fixtures";
import { buyOne } from "../../../tests/unit/buying";
import { getOrder, listOrders, orderJson } from "./orders.server";

describe("order numbers", () => {
  it("are given when an order is written: 1001 first, then one more each time", async () => {
    await clearOrders();
    const userId = await createUser();
    const productId = await createProduct();
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await buyOne(userId, productId)).orderNumber);
    expect(numbers).toEqual([1001, 1002, 1003]);
    const [first] = numbers;
    const order = (await getOrder((await buyOne(userId, productId)).id))!;
    expect(order.orderNumber).toBe(first + 3);
    expect(orderJson(order).orderNumber).toBe(first + 3);
  });

  it("are never given twice: a duplicate is refused by the database", async () => {
    const userId = await createUser();
    const productId = await createProduct();
    const bought = await buyOne(userId, productId);
    const other = await createOrder({ userId });
    const duplicate = commitTogether((tx) =>
      tx.update(orders).set({ orderNumber: bought.orderNumber }).where(eq(orders.id, other.id)),
    );
    await expect(duplicate).rejects.toSatisfy((error) => isUniqueViolation(error, "orders.order_number"));
  });

  it("differ for orders written at once, each one more than the last", async () => {
    const userId = await createUser();
    const productId = await createProduct();
    const numbers = (await Promise.all(Array.from({ length: 12 }, () => buyOne(userId, productId)))).map(
      (o) => o.orderNumber,
    );
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(sorted.at(-1)! - sorted[0]).toBe(11);
  });

  it("find an order in the order list, with or without the #", async () => {
    const userId = await createUser();
    const productId = await createProduct();
    const wanted = await buyOne(userId, productId);
    await buyOne(userId, productId);
    for (const q of [String(wanted.orderNumber), `#${wanted.orderNumber}`]) {
      const { rows } = await listOrders(tableQuery<OrderSort>("createdAt", { q }));
      expect(rows.map((r) => r.id)).toContain(wanted.id);
      expect(rows.every((r) => r.orderNumber === wanted.orderNumber || r.id.includes(q))).toBe(true);
    }
  });
});
