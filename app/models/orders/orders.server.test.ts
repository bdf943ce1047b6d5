import { beforeEach, describe, expect, it } from "vitest";
import type { OrderSort } from "~/lib/admin-sorts";
import { FULFILMENT, PAYMENT } from "~/lib/order-states";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../../tests/unit/fixtures";
import {
  getOrder,
  getOrderByCheckoutSession,
  getOrderByIntent,
  getOrderFor,
  listOrders,
  listOrdersWithLines,
  orderJson,
  type OrderListQuery,
} from "./orders.server";

const query = (over: Partial<OrderListQuery> = {}) => tableQuery<OrderSort>("createdAt", { dir: "desc", ...over });
const viewer = (id: string, role = "user") => ({ id, role });

beforeEach(async () => clearOrders());

describe("one order", () => {
  it("comes with its lines (by name); an unknown id gives null", async () => {
    const productId = await createProduct();
    const order = await createOrder({
      lines: [
        { productId, quantity: 2, priceCents: 5_00, name: "Mouse" },
        { productId, quantity: 1, priceCents: 90_00, name: "Laptop" },
      ],
    });
    const found = await getOrder(order.id);
    expect(found).toMatchObject({ id: order.id, totalPriceCents: 100_00 });
    expect(found?.lines.map((l) => [l.name, l.quantity, l.priceCents])).toEqual([
      ["Laptop", 1, 90_00],
      ["Mouse", 2, 5_00],
    ]);
    expect(await getOrder("no-such-order")).toBeNull();
  });

  it("is found by its payment intent and by its Checkout session", async () => {
    const byIntent = await createOrder({ paymentIntentId: "pi_unit_1" });
    const bySession = await createOrder({ checkoutSessionId: "cs_unit_1", paymentStatus: PAYMENT.requiresPayment });
    expect((await getOrderByIntent("pi_unit_1"))?.id).toBe(byIntent.id);
    expect((await getOrderByCheckoutSession("cs_unit_1"))?.id).toBe(bySession.id);
    expect(await getOrderByIntent("pi_unknown")).toBeUndefined();
    expect(await getOrderByCheckoutSession("cs_unknown")).toBeUndefined();
    expect(await getOrderByIntent("cs_unit_1")).toBeUndefined();
  });

  it("is shown in the specification's shape, prices in dollars", async () => {
    const productId = await createProduct();
    const order = (await getOrder(
      (await createOrder({ paymentIntentId: "pi_unit_json", lines: [{ productId, quantity: 3, priceCents: 12_50 }] }))
        .id,
    ))!;
    expect(orderJson(order)).toMatchObject({
      _id: order.id,
      orderItems: [{ product: productId, price: 12.5, quantity: 3 }],
      paymentInfo: { id: "pi_unit_json", status: "succeeded" },
      itemsPrice: 37.5,
      totalPrice: 37.5,
      orderStatus: "Processing",
      deliveredAt: null,
    });
  });
});

describe("who may see an order", () => {
  it("its owner once placed (paid or refunded), an admin always, nobody else", async () => {
    const owner = await createUser("Owner");
    const stranger = viewer(await createUser("Stranger"));
    const admin = viewer(await createUser("Admin", "admin"), "admin");
    const paid = await createOrder({ userId: owner });
    const refunded = await createOrder({ userId: owner, paymentStatus: PAYMENT.refunded });
    const unpaid = await createOrder({ userId: owner, paymentStatus: PAYMENT.requiresPayment });
    const canceled = await createOrder({ userId: owner, paymentStatus: PAYMENT.canceled });

    expect((await getOrderFor(paid.id, viewer(owner)))?.id).toBe(paid.id);
    expect((await getOrderFor(refunded.id, viewer(owner)))?.id).toBe(refunded.id);
    expect(await getOrderFor(unpaid.id, viewer(owner))).toBeNull();
    expect(await getOrderFor(canceled.id, viewer(owner))).toBeNull();
    for (const order of [paid, refunded, unpaid, canceled]) {
      expect(await getOrderFor(order.id, stranger)).toBeNull();
      expect((await getOrderFor(order.id, admin))?.id).toBe(order.id);
    }
    expect(await getOrderFor("no-such-order", admin)).toBeNull();
  });

  it("an order whose buyer's account is gone is the admin's alone", async () => {
    const orphan = await createOrder({ userId: null });
    expect(await getOrderFor(orphan.id, viewer(await createUser()))).toBeNull();
    expect((await getOrderFor(orphan.id, viewer(await createUser("Admin", "admin"), "admin")))?.id).toBe(orphan.id);
  });
});

describe("a user's orders", () => {
  async function shopper() {
    const productId = await createProduct();
    const me = await createUser("Me");
    const older = await createOrder({ userId: me, userName: "Me", lines: [{ productId, quantity: 2 }] });
    const newer = await createOrder({
      userId: me,
      userName: "Me",
      orderStatus: FULFILMENT.shipped,
      lines: [{ productId, quantity: 1 }],
    });
    const refunded = await createOrder({
      userId: me,
      userName: "Me",
      paymentStatus: PAYMENT.refunded,
      lines: [{ productId, quantity: 5 }],
    });
    await createOrder({
      userId: me,
      userName: "Me",
      paymentStatus: PAYMENT.requiresPayment,
      lines: [{ productId, quantity: 1 }],
    });
    await createOrder({
      userId: me,
      userName: "Me",
      paymentStatus: PAYMENT.canceled,
      lines: [{ productId, quantity: 1 }],
    });
    await createOrder({
      userId: await createUser("Someone Else"),
      userName: "Someone Else",
      lines: [{ productId, quantity: 1 }],
    });
    return { me, older, newer, refunded };
  }

  it("lists only their own placed orders, newest first, with the number of items", async () => {
    const { me, older, newer, refunded } = await shopper();
    const page = await listOrders(query(), me);
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.id, r.numOfItems])).toEqual([
      [refunded.id, 5],
      [newer.id, 1],
      [older.id, 2],
    ]);
    expect(page.rows[1]).toMatchObject({ userName: "Me", totalPriceCents: 10_00, orderStatus: "Shipped" });
    expect(await listOrders(query(), await createUser("No Orders"))).toEqual({ rows: [], total: 0 });
  });

  it("sorts, searches and pages within their own orders", async () => {
    const { me, older, newer, refunded } = await shopper();
    expect((await listOrders(query({ sort: "numOfItems", dir: "asc" }), me)).rows.map((r) => r.id)).toEqual([
      newer.id,
      older.id,
      refunded.id,
    ]);
    expect((await listOrders(query({ q: "shipped" }), me)).rows.map((r) => r.id)).toEqual([newer.id]);
    expect(await listOrders(query({ q: "Someone" }), me)).toEqual({ rows: [], total: 0 });
    const second = await listOrders(query({ size: 2, page: 2 }), me);
    expect(second.total).toBe(3);
    expect(second.rows.map((r) => r.id)).toEqual([older.id]);
  });

  it("with their lines, for GET /api/v1/orders/me", async () => {
    const { me, older, newer, refunded } = await shopper();
    const mine = await listOrdersWithLines(me);
    expect(mine.map((o) => [o.id, o.lines.map((l) => l.quantity)])).toEqual([
      [refunded.id, [5]],
      [newer.id, [1]],
      [older.id, [2]],
    ]);
    expect(await listOrdersWithLines(await createUser("No Orders"))).toEqual([]);
  });
});
