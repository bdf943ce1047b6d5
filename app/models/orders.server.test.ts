import { beforeEach, describe, expect, it } from "vitest";
import type { OrderSort } from "~/lib/admin-sorts";
import { FULFILMENT, PAYMENT } from "~/lib/order-states";
import { clearOrders, createOrder, createProduct, createUser, tableQuery } from "../../tests/unit/fixtures";
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

beforeEach(() => clearOrders());

describe("one order", () => {
  it("comes with its lines (by name); an unknown id gives null", () => {
    const productId = createProduct();
    const order = createOrder({
      lines: [
        { productId, quantity: 2, priceCents: 5_00, name: "Mouse" },
        { productId, quantity: 1, priceCents: 90_00, name: "Laptop" },
      ],
    });
    const found = getOrder(order.id);
    expect(found).toMatchObject({ id: order.id, totalPriceCents: 100_00 });
    expect(found?.lines.map((l) => [l.name, l.quantity, l.priceCents])).toEqual([
      ["Laptop", 1, 90_00],
      ["Mouse", 2, 5_00],
    ]);
    expect(getOrder("no-such-order")).toBeNull();
  });

  it("is found by its payment intent and by its Checkout session", () => {
    const byIntent = createOrder({ paymentIntentId: "pi_unit_1" });
    const bySession = createOrder({ checkoutSessionId: "cs_unit_1", paymentStatus: PAYMENT.requiresPayment });
    expect(getOrderByIntent("pi_unit_1")?.id).toBe(byIntent.id);
    expect(getOrderByCheckoutSession("cs_unit_1")?.id).toBe(bySession.id);
    expect(getOrderByIntent("pi_unknown")).toBeUndefined();
    expect(getOrderByCheckoutSession("cs_unknown")).toBeUndefined();
    expect(getOrderByIntent("cs_unit_1")).toBeUndefined();
  });

  it("is shown in the specification's shape, prices in dollars", () => {
    const productId = createProduct();
    const order = getOrder(createOrder({ paymentIntentId: "pi_unit_json", lines: [{ productId, quantity: 3, priceCents: 12_50 }] }).id)!;
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
  it("its owner once placed (paid or refunded), an admin always, nobody else", () => {
    const owner = createUser("Owner");
    const stranger = viewer(createUser("Stranger"));
    const admin = viewer(createUser("Admin", "admin"), "admin");
    const paid = createOrder({ userId: owner });
    const refunded = createOrder({ userId: owner, paymentStatus: PAYMENT.refunded });
    const unpaid = createOrder({ userId: owner, paymentStatus: PAYMENT.requiresPayment });
    const canceled = createOrder({ userId: owner, paymentStatus: PAYMENT.canceled });

    expect(getOrderFor(paid.id, viewer(owner))?.id).toBe(paid.id);
    expect(getOrderFor(refunded.id, viewer(owner))?.id).toBe(refunded.id);
    expect(getOrderFor(unpaid.id, viewer(owner))).toBeNull();
    expect(getOrderFor(canceled.id, viewer(owner))).toBeNull();
    for (const order of [paid, refunded, unpaid, canceled]) {
      expect(getOrderFor(order.id, stranger)).toBeNull();
      expect(getOrderFor(order.id, admin)?.id).toBe(order.id);
    }
    expect(getOrderFor("no-such-order", admin)).toBeNull();
  });

  it("an order whose buyer's account is gone is the admin's alone", () => {
    const orphan = createOrder({ userId: null });
    expect(getOrderFor(orphan.id, viewer(createUser()))).toBeNull();
    expect(getOrderFor(orphan.id, viewer(createUser("Admin", "admin"), "admin"))?.id).toBe(orphan.id);
  });
});

describe("a user's orders", () => {
  function shopper() {
    const productId = createProduct();
    const me = createUser("Me");
    const older = createOrder({ userId: me, userName: "Me", lines: [{ productId, quantity: 2 }] });
    const newer = createOrder({ userId: me, userName: "Me", orderStatus: FULFILMENT.shipped, lines: [{ productId, quantity: 1 }] });
    const refunded = createOrder({ userId: me, userName: "Me", paymentStatus: PAYMENT.refunded, lines: [{ productId, quantity: 5 }] });
    createOrder({ userId: me, userName: "Me", paymentStatus: PAYMENT.requiresPayment, lines: [{ productId, quantity: 1 }] });
    createOrder({ userId: me, userName: "Me", paymentStatus: PAYMENT.canceled, lines: [{ productId, quantity: 1 }] });
    createOrder({ userId: createUser("Someone Else"), userName: "Someone Else", lines: [{ productId, quantity: 1 }] });
    return { me, older, newer, refunded };
  }

  it("lists only their own placed orders, newest first, with the number of items", () => {
    const { me, older, newer, refunded } = shopper();
    const page = listOrders(query(), me);
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.id, r.numOfItems])).toEqual([
      [refunded.id, 5],
      [newer.id, 1],
      [older.id, 2],
    ]);
    expect(page.rows[1]).toMatchObject({ userName: "Me", totalPriceCents: 10_00, orderStatus: "Shipped" });
    expect(listOrders(query(), createUser("No Orders"))).toEqual({ rows: [], total: 0 });
  });

  it("sorts, searches and pages within their own orders", () => {
    const { me, older, newer, refunded } = shopper();
    expect(listOrders(query({ sort: "numOfItems", dir: "asc" }), me).rows.map((r) => r.id)).toEqual([newer.id, older.id, refunded.id]);
    expect(listOrders(query({ q: "shipped" }), me).rows.map((r) => r.id)).toEqual([newer.id]);
    expect(listOrders(query({ q: "Someone" }), me)).toEqual({ rows: [], total: 0 });
    const second = listOrders(query({ size: 2, page: 2 }), me);
    expect(second.total).toBe(3);
    expect(second.rows.map((r) => r.id)).toEqual([older.id]);
  });

  it("with their lines, for GET /api/v1/orders/me", () => {
    const { me, older, newer, refunded } = shopper();
    const mine = listOrdersWithLines(me);
    expect(mine.map((o) => [o.id, o.lines.map((l) => l.quantity)])).toEqual([
      [refunded.id, [5]],
      [newer.id, [1]],
      [older.id, [2]],
    ]);
    expect(listOrdersWithLines(createUser("No Orders"))).toEqual([]);
  });
});
