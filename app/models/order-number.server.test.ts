import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { orders, users } from "~/db/schema";
import type { OrderSort } from "~/lib/admin-sorts";
import { PAYMENT } from "~/lib/order-states";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../tests/unit/fixtures";
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
});
