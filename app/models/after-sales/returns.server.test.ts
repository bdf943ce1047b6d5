import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { orderLines, orders, refunds, returnLines, returns } from "~/db/schema";
import type { ReturnSort } from "~/lib/admin-sorts";
import type { ReturnStatus } from "~/lib/returns";
import { updateOrderStatus } from "./admin-orders.server";
import { setCartLine, userCart } from "~/models/cart";
import { payWithCard, stripe } from "~/models/checkout";
import { outboxRow } from "~/models/mail";
import { saveShippingInfo } from "~/models/pricing";
import { saveShopSettings } from "~/models/settings";
import { getUserById } from "~/models/accounts";
import { useSandbox } from "../../../tests/unit/stripe-relay";
import { SHIPPING } from "../../../tests/unit/buying";
import { createOrder, createProduct, createUser, stockOf, tableQuery } from "../../../tests/unit/fixtures";
import {
  advanceReturn,
  countReturnsWaiting,
  listReturns,
  requestReturn,
  returnPlan,
  returnsOf,
} from "./returns.server";

// Returns through the payment sandbox (no webhook: the card payment is settled by the server-side
// check), on both engines.
const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const DAY = 24 * 60 * 60 * 1000;
let admin: { id: string; name: string };

useSandbox();

beforeAll(async () => {
  admin = { id: await createUser("Ada Admin", "admin"), name: "Ada Admin" };
  await saveShopSettings({ returnWindowDays: 14 });
});

/** Two lamps at $40 and a vase at $20 (5 of each in stock), paid by card: $130. Delivered at `deliveredAt` unless null. */
async function deliveredOrder(deliveredAt: Date | null = new Date()) {
  const userId = await createUser("Rita Returner");
  await saveShippingInfo(userId, SHIPPING);
  const lampId = await createProduct({ priceCents: 40_00, stock: 5 });
  const vaseId = await createProduct({ priceCents: 20_00, stock: 5 });
  await setCartLine(userCart(userId), lampId, 2);
  await setCartLine(userCart(userId), vaseId, 1);
  const user = (await getUserById(userId))!;
  expect(await payWithCard(user, VISA)).toMatchObject({ ok: true });
  const [order] = await db.select().from(orders).where(eq(orders.userId, userId));
  if (deliveredAt) await updateOrderStatus(order.id, "Delivered", { now: deliveredAt });
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const lamp = lines.find((l) => l.productId === lampId)!;
  const vase = lines.find((l) => l.productId === vaseId)!;
  return { order, user, lamp, vase, lampId, vaseId };
}

describe("asking to return items", () => {
  it("takes the owner's request for a delivered order within the window, mailed, and no more than is left", async () => {
    const { order, user, lamp, vase } = await deliveredOrder();
    const made = await requestReturn(user, order.id, { items: [{ item: lamp.id, quantity: 1 }], reason: "Too bright" });
    expect(made).toMatchObject({ status: "requested", reason: "Too bright", refundId: null });
    expect(made.lines).toEqual([{ orderLineId: lamp.id, quantity: 1 }]);
    expect(await outboxRow(`return:${made.id}:requested`)).toMatchObject({ kind: "returnUpdate" });

    // What is asked back counts: one lamp is left.
    await expect(
      requestReturn(user, order.id, { items: [{ item: lamp.id, quantity: 2 }], reason: "Both" }),
    ).rejects.toMatchObject({
      status: 409,
      field: "items",
      message: expect.stringMatching(/^Only 1 of .* can be returned\.$/),
    });
    await requestReturn(user, order.id, {
      items: [
        { item: lamp.id, quantity: 1 },
        { item: vase.id, quantity: 1 },
      ],
      reason: "All",
    });
    const plan = await returnPlan(order.id, user);
    expect(plan?.lines.map((l) => l.returnable)).toEqual([0, 0]);
    await expect(
      requestReturn(user, order.id, { items: [{ item: vase.id, quantity: 1 }], reason: "Again" }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/is returned or refunded already\.$/) });

    // Another shopper's order is as good as missing; an item of another order is refused.
    const stranger = await getUserById(await createUser("Stranger"));
    await expect(
      requestReturn(stranger!, order.id, { items: [{ item: lamp.id, quantity: 1 }], reason: "Mine?" }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await returnsOf(order.id)).toHaveLength(2);
  });

  it("refuses an order not delivered, one delivered too long ago, and any when the shop takes no returns", async () => {
    const undelivered = await deliveredOrder(null);
    await expect(
      requestReturn(undelivered.user, undelivered.order.id, {
        items: [{ item: undelivered.lamp.id, quantity: 1 }],
        reason: "x",
      }),
    ).rejects.toMatchObject({ status: 409, message: "Items can be returned once the order is delivered." });

    const old = await deliveredOrder(new Date(Date.now() - 20 * DAY));
    await expect(
      requestReturn(old.user, old.order.id, { items: [{ item: old.lamp.id, quantity: 1 }], reason: "x" }),
    ).rejects.toMatchObject({
      status: 409,
      // The deadline as the shop writes it: in its time zone (UTC by default), named.
      message: expect.stringMatching(
        /^The 14-day return window of this order closed on \w{3} \d{1,2}, \d{4}, .+ UTC\.$/,
      ),
    });
    // On the last day it still can.
    const lastDay = new Date(Date.now() - 20 * DAY + 14 * DAY - 60_000);
    await expect(
      requestReturn(old.user, old.order.id, { items: [{ item: old.lamp.id, quantity: 1 }], reason: "x" }, lastDay),
    ).resolves.toMatchObject({ status: "requested" });

    await saveShopSettings({ returnWindowDays: 0 });
    try {
      const fresh = await deliveredOrder();
      await expect(
        requestReturn(fresh.user, fresh.order.id, { items: [{ item: fresh.lamp.id, quantity: 1 }], reason: "x" }),
      ).rejects.toMatchObject({ status: 409, message: "This shop does not take returns." });
    } finally {
      await saveShopSettings({ returnWindowDays: 14 });
    }
  });
});

describe("the admin's steps", () => {
  it("approves, receives and refunds: each step once and in order, mailed, the refund the items' share with their stock back", async () => {
    const { order, user, lamp, lampId } = await deliveredOrder();
    const asked = await requestReturn(user, order.id, { items: [{ item: lamp.id, quantity: 2 }], reason: "Flicker" });
    await expect(advanceReturn(asked.id, "refund", admin)).rejects.toMatchObject({
      status: 409,
      message: "This return is requested: it cannot be refunded.",
    });
    await expect(advanceReturn(asked.id, "receive", admin)).rejects.toMatchObject({ status: 409 });

    // Approved twice at once (a double click): approved, one mail.
    const [a, b] = await Promise.all([
      advanceReturn(asked.id, "approve", admin),
      advanceReturn(asked.id, "approve", admin),
    ]);
    expect([a.status, b.status]).toEqual(["approved", "approved"]);
    expect(await outboxRow(`return:${asked.id}:approved`)).toMatchObject({ kind: "returnUpdate" });

    await advanceReturn(asked.id, "receive", admin);
    expect(await outboxRow(`return:${asked.id}:received`)).toMatchObject({ kind: "returnUpdate" });
    await expect(advanceReturn(asked.id, "reject", admin)).rejects.toMatchObject({ status: 409 });

    expect(await stockOf(lampId)).toBe(3);
    const [done, again] = await Promise.all([
      advanceReturn(asked.id, "refund", admin),
      advanceReturn(asked.id, "refund", admin),
    ]);
    expect(done.status).toBe("refunded");
    expect(again.refundId).toBe(done.refundId);
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    // Two $40 lamps of $100 of items, $105 paid for them with tax: $84.
    expect(refund).toMatchObject({ id: done.refundId, amountCents: 84_00, restock: true, status: "succeeded" });
    expect(refund.reason).toBe("Returned: Flicker");
    expect(await stockOf(lampId)).toBe(5);
    expect((await stripe().refunds.list({ payment_intent: order.paymentIntentId! })).data).toHaveLength(1);
    expect(await outboxRow(`refund:${refund.id}`)).toMatchObject({ kind: "refund" });
    // Refunded items can no longer be asked back.
    const plan = await returnPlan(order.id, user);
    expect(plan?.lines.find((l) => l.id === lamp.id)?.returnable).toBe(0);
  });

  it("rejects a request, mailed, and its items can be asked again", async () => {
    const { order, user, vase } = await deliveredOrder();
    const asked = await requestReturn(user, order.id, { items: [{ item: vase.id, quantity: 1 }], reason: "Meh" });
    expect((await advanceReturn(asked.id, "reject", admin)).status).toBe("rejected");
    expect(await outboxRow(`return:${asked.id}:rejected`)).toMatchObject({ kind: "returnUpdate" });
    await expect(advanceReturn(asked.id, "approve", admin)).rejects.toMatchObject({ status: 409 });
    await expect(
      requestReturn(user, order.id, { items: [{ item: vase.id, quantity: 1 }], reason: "Please" }),
    ).resolves.toMatchObject({ status: "requested" });
    await expect(advanceReturn("no-such-return", "approve", admin)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the admin's returns inbox", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));
  /** An order of `name`'s (a guest's when `guestEmail`) with a return in `status` of its lamp, asked at `minute`. */
  async function returnOf(name: string, status: ReturnStatus, minute: number, guestEmail?: string) {
    const productId = await createProduct();
    const order = await createOrder({
      userId: guestEmail ? null : await createUser(name),
      userName: name,
      orderStatus: "Delivered",
      lines: [
        { productId, quantity: 2, name: "Lamp", variantTitle: "Red" },
        { productId, quantity: 1, name: "Vase" },
      ],
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const lamp = lines.find((l) => l.name === "Lamp")!;
    const id = `ret-${name.replace(/\W/g, "")}-${minute}`;
    await commitTogether(async (tx) => {
      if (guestEmail) await tx.update(orders).set({ guestEmail }).where(eq(orders.id, order.id));
      await tx.insert(returns).values({
        id,
        orderId: order.id,
        status,
        reason: `${name} says no`,
        createdAt: at(minute),
        updatedAt: at(minute),
      });
      await tx.insert(returnLines).values({ returnId: id, orderLineId: lamp.id, quantity: 2 });
    });
    return { id, order };
  }
  const newestFirst = (over: Parameters<typeof tableQuery<ReturnSort>>[1] = {}) =>
    tableQuery<ReturnSort>("createdAt", { dir: "desc", ...over });

  it("lists every order's returns newest first with order, customer and items, filtered by state, searched and paged", async () => {
    await commitTogether((tx) => tx.delete(returns));
    expect(await countReturnsWaiting()).toBe(0);
    const ann = await returnOf("Ann Asker", "requested", 1);
    const gus = await returnOf("Gus Guest", "received", 2, "gus@example.com");
    const ray = await returnOf("Ray Approved", "approved", 3);
    const rex = await returnOf("Rex Refunded", "refunded", 4);
    const jo = await returnOf("Jo Rejected", "rejected", 5);

    const all = await listReturns(newestFirst(), null);
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => r.id)).toEqual([jo.id, rex.id, ray.id, gus.id, ann.id]);
    const [annRow] = (await listReturns(newestFirst(), "requested")).rows;
    expect(annRow).toEqual({
      id: ann.id,
      orderId: ann.order.id,
      orderNumber: ann.order.orderNumber,
      customerName: "Ann Asker",
      customerEmail: expect.stringContaining("@"),
      status: "requested",
      reason: "Ann Asker says no",
      createdAt: at(1),
      items: [{ name: "Lamp (Red)", quantity: 2 }],
    });
    // A guest: the name given at checkout and the order's e-mail.
    const [gusRow] = (await listReturns(newestFirst(), "received")).rows;
    expect(gusRow).toMatchObject({ id: gus.id, customerName: "Gus Guest", customerEmail: "gus@example.com" });

    // Waiting for the owner: requested and received, as the dashboard counts them.
    const waiting = await listReturns(newestFirst(), "waiting");
    expect(waiting.rows.map((r) => r.id)).toEqual([gus.id, ann.id]);
    expect(await countReturnsWaiting()).toBe(2);
    for (const [filter, made] of [
      ["approved", ray],
      ["refunded", rex],
      ["rejected", jo],
    ] as const)
      expect((await listReturns(newestFirst(), filter)).rows.map((r) => r.id)).toEqual([made.id]);

    // Searched by order number, customer, e-mail or reason; with a filter the search stays inside it.
    expect((await listReturns(newestFirst({ q: `#${ray.order.orderNumber}` }), null)).rows.map((r) => r.id)).toEqual([
      ray.id,
    ]);
    expect((await listReturns(newestFirst({ q: "gus@EXAMPLE" }), null)).rows.map((r) => r.id)).toEqual([gus.id]);
    expect((await listReturns(newestFirst({ q: "rex refunded says" }), null)).rows.map((r) => r.id)).toEqual([rex.id]);
    expect(await listReturns(newestFirst({ q: "Ann Asker" }), "received")).toEqual({ rows: [], total: 0 });

    // Paged, and sorted by another column when asked.
    const second = await listReturns(newestFirst({ size: 2, page: 2 }), null);
    expect(second).toMatchObject({ total: 5 });
    expect(second.rows.map((r) => r.id)).toEqual([ray.id, gus.id]);
    expect((await listReturns(tableQuery<ReturnSort>("orderNumber"), null)).rows.map((r) => r.id)).toEqual([
      ann.id,
      gus.id,
      ray.id,
      rex.id,
      jo.id,
    ]);
  });
});
