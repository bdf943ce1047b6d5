import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { openShopDatabase } from "~/db/shop-file.server";
import { clientCartIntents, orders, paymentRefusals, products } from "~/db/schema";
import { sweepClientCartIntents } from "./payment-sweeper.server";
import { setCartLine, userCart } from "~/models/cart";
import { confirmApiOrder, startApiPayment } from "./client-cart-checkout.server";
import { saveShopSettings } from "~/models/settings";
import { stripe } from "./payment-provider.server";
import { drainMails, outboxRow } from "~/models/mail";
import { saveShippingInfo } from "~/models/pricing";
import { createUser, getUserById, type User } from "~/models/accounts";
import { useSandbox } from "../../../tests/unit/stripe-relay";
import { SHIPPING as SAVED_SHIPPING } from "../../../tests/unit/buying";
import { createProduct, stockOf } from "../../../tests/unit/fixtures";

useSandbox();

const SHIPPING = {
  address: "1 Main St",
  city: "Springfield",
  phoneNo: "555 0100",
  postalCode: "12345",
  country: "United States",
};
let n = 0;
const shopper = () =>
  createUser({ name: `Client ${++n}`, email: `client-${n}-${Date.now()}@example.com`, password: "password-1" });
const ordersOf = (userId: string) => db.select().from(orders).where(eq(orders.userId, userId));
const refunds = async (intentId: string) => (await stripe().refunds.list({ payment_intent: intentId })).data.length;

/** Pays `amountCents` the way the client does: an intent from the shop, confirmed with a card. */
async function paid(user: User, amountCents: number) {
  const intent = await startApiPayment(user, amountCents);
  await stripe().paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
  return intent.id;
}

describe("a cart kept by the client", () => {
  it("makes the order from the posted lines at the server's prices when the intent paid that total, once", async () => {
    // The owner hears of it too (owner-mails.server.test.ts), in the same transaction.
    await saveShopSettings({ contactEmail: "client-cart-owner@example.com" });
    const productId = await createProduct({ priceCents: 40_00, stock: 5 });
    const user = await shopper();
    const intentId = await paid(user, 2 * 40_00 + 25_00 + 4_00);
    expect((await stripe().paymentIntents.retrieve(intentId)).metadata).toEqual({ userId: user.id, cart: "client" });

    const order = await confirmApiOrder(user, {
      intentId,
      lines: [
        { productId, quantity: 1 },
        { productId, quantity: 1 },
      ],
      shipping: SHIPPING,
    });
    expect(order).toMatchObject({
      paymentStatus: "succeeded",
      itemsPriceCents: 80_00,
      shippingPriceCents: 25_00,
      taxPriceCents: 4_00,
      totalPriceCents: 109_00,
      shippingCountry: "United States of America",
      // No recipient sent: the parcel goes to the buyer.
      shippingRecipientName: user.name,
      shippingState: null,
      buyer: { name: user.name, email: user.email },
    });
    expect(order.lines).toMatchObject([{ productId, quantity: 2, priceCents: 40_00 }]);
    expect(await stockOf(productId)).toBe(3);

    const again = await confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING });
    expect(again.id).toBe(order.id);
    expect(await stockOf(productId)).toBe(3);
    expect(await ordersOf(user.id)).toHaveLength(1);
    // Its confirmation, queued with the order (mail-outbox.server.ts), once, and sent.
    await drainMails(10_000);
    expect(await outboxRow(`orderConfirmation:${order.id}`)).toMatchObject({
      attempts: 1,
      sentAt: expect.any(Date),
      payload: { buyer: { email: user.email } },
    });
    expect(await outboxRow(`newOrder:${order.id}:client-cart-owner@example.com`)).toMatchObject({
      attempts: 1,
      sentAt: expect.any(Date),
      payload: { kind: "newOrder", to: "client-cart-owner@example.com" },
    });
    await saveShopSettings({ contactEmail: "" });
  });

  it("refuses and refunds a payment lower than the server's total; the intent cannot be used again", async () => {
    const productId = await createProduct({ priceCents: 300_00, stock: 5 });
    const user = await shopper();
    const intentId = await paid(user, 100_00);
    const order = { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING };
    await expect(confirmApiOrder(user, order)).rejects.toMatchObject({
      status: 400,
      message: "The amount paid ($100.00) is not the order's total of $315.00. Your payment of $100.00 was refunded.",
    });
    expect(await refunds(intentId)).toBe(1);
    await expect(confirmApiOrder(user, order)).rejects.toMatchObject({ status: 409 });
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(5);
  });

  it("a refused call and a good one for the same intent at once: never an order whose payment was refunded", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const user = await shopper();
    const intentId = await paid(user, 10_00 + 25_00 + 50);
    const wrong = confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 3 }], shipping: SHIPPING });
    const right = confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING });
    const outcomes = await Promise.allSettled([wrong, right]);
    // Whichever call is decided first settles the intent for both: an order, or a refund, never both.
    const made = await ordersOf(user.id);
    expect(made.length + (await refunds(intentId))).toBe(1);
    // A mail is promised with the order only.
    expect(await outboxRow(`orderConfirmation:${made[0]?.id}`)).toEqual(
      made.length === 1 ? expect.objectContaining({ kind: "orderConfirmation" }) : undefined,
    );
    if (made.length === 1) {
      expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value.id : o.status))).toEqual([made[0].id, made[0].id]);
      expect(await stockOf(productId)).toBe(4);
    } else {
      expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
      expect(await stockOf(productId)).toBe(5);
    }
  });

  it("two good calls for the same intent at once make one order, its stock taken once", async () => {
    for (let round = 0; round < 3; round++) {
      const productId = await createProduct({ priceCents: 10_00, stock: 5 });
      const user = await shopper();
      const intentId = await paid(user, 2 * 10_00 + 25_00 + 1_00);
      const order = { intentId, lines: [{ productId, quantity: 2 }], shipping: SHIPPING };
      const [first, second] = await Promise.all([confirmApiOrder(user, order), confirmApiOrder(user, order)]);
      expect(second.id).toBe(first.id);
      expect(await ordersOf(user.id)).toHaveLength(1);
      expect(await stockOf(productId)).toBe(3);
      expect(await refunds(intentId)).toBe(0);
    }
  });

  it("a refusal another process recorded stops a good call for the same intent, which refunds it", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const user = await shopper();
    const intentId = await paid(user, 10_00 + 25_00 + 50);
    // A second connection to the same database stands in for another worker that refused this
    // intent and has not refunded it yet.
    const otherWorker = openShopDatabase(config.databaseEngine === "pg" ? config.databaseUrl : config.databasePath);
    await otherWorker.q
      .insert(paymentRefusals)
      .values({ paymentIntentId: intentId, message: "A product of this order is no longer sold.", status: 409 });
    await otherWorker.close();
    await expect(
      confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING }),
    ).rejects.toMatchObject({
      status: 409,
      message: "A product of this order is no longer sold. Your payment of $35.50 was refunded.",
    });
    expect(await refunds(intentId)).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(5);
  });

  it("does not let another user's intent pay for an order, nor refund it", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const owner = await shopper();
    const intruder = await shopper();
    const intentId = await paid(owner, 10_00 + 25_00 + 50);
    await expect(
      confirmApiOrder(intruder, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await ordersOf(intruder.id)).toHaveLength(0);
    expect(await refunds(intentId)).toBe(0);
  });

  it("refunds and answers 409 when the stock went while the buyer paid", async () => {
    const productId = await createProduct({ name: "Last Kettle", priceCents: 20_00, stock: 1 });
    const user = await shopper();
    const intentId = await paid(user, 20_00 + 25_00 + 1_00);
    await commitTogether((tx) => tx.update(products).set({ stock: 0 }).where(eq(products.id, productId)));
    await expect(
      confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING }),
    ).rejects.toMatchObject({
      status: 409,
      message: "Last Kettle is out of stock. Your payment of $46.00 was refunded.",
    });
    expect(await refunds(intentId)).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it("a refusal takes no stock: a line that fitted is given back when a later one is sold out", async () => {
    // Ids that sort so that the line that fits is taken first (the products are read by id).
    const product = (id: string, stock: number) =>
      commitTogether((tx) =>
        tx.insert(products).values({
          id,
          name: `Lamp ${id}`,
          description: "A lamp.",
          priceCents: 10_00,
          category: "Electronics",
          seller: "Test",
          stock,
        }),
      );
    const fits = `a-fits-${Date.now()}`;
    const gone = `z-gone-${Date.now()}`;
    await product(fits, 5);
    await product(gone, 1);
    const user = await shopper();
    const intentId = await paid(user, 20_00 + 25_00 + 1_00);
    await commitTogether((tx) => tx.update(products).set({ stock: 0 }).where(eq(products.id, gone)));
    const lines = [fits, gone].map((productId) => ({ productId, quantity: 1 }));
    await expect(confirmApiOrder(user, { intentId, lines, shipping: SHIPPING })).rejects.toMatchObject({ status: 409 });
    expect(await stockOf(fits)).toBe(5);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it("makes no order for an intent that has not succeeded, and no intent out of Stripe's bounds", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const user = await shopper();
    const intent = await startApiPayment(user, 35_50);
    await expect(
      confirmApiOrder(user, { intentId: intent.id, lines: [{ productId, quantity: 1 }], shipping: SHIPPING }),
    ).rejects.toMatchObject({
      status: 400,
      message: "There is some issue while payment processing",
    });
    await expect(startApiPayment(user, 10)).rejects.toMatchObject({ status: 400 });
    await expect(confirmApiOrder(user, { intentId: "pi_unknown" })).rejects.toMatchObject({ status: 404 });
  });

  it("keeps the server cart's checkout when the server holds a cart: the amount must be its total", async () => {
    const productId = await createProduct({ priceCents: 10_00, stock: 5 });
    const user = await shopper();
    await setCartLine(userCart(user.id), productId, 1);
    // The total depends on where it goes.
    await expect(startApiPayment(user, 35_50)).rejects.toMatchObject({
      status: 400,
      message: "Please enter your shipping info first.",
    });
    await saveShippingInfo(user.id, SAVED_SHIPPING);
    await expect(startApiPayment((await getUserById(user.id))!, 1_00)).rejects.toMatchObject({
      status: 400,
      message: "The amount does not match your cart's total of $35.50.",
    });
  });
});

describe("the payment sweeper", () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const watched = async (intentId: string) =>
    (await db.select().from(clientCartIntents).where(eq(clientCartIntents.intentId, intentId)))[0];

  it("refunds, once, a paid client-cart payment that never became an order; order/new then says so", async () => {
    const productId = await createProduct({ priceCents: 20_00, stock: 5 });
    const user = await shopper();
    const intentId = await paid(user, 20_00 + 25_00 + 1_00);
    // Within its 10 minutes, nothing happens.
    await sweepClientCartIntents(later(5));
    expect(await watched(intentId)).toMatchObject({ resolvedAt: null, outcome: null });
    expect(await refunds(intentId)).toBe(0);

    // Two passes at once (two nodes, say): one refund.
    await Promise.all([sweepClientCartIntents(later(11)), sweepClientCartIntents(later(11))]);
    expect(await refunds(intentId)).toBe(1);
    expect(await watched(intentId)).toMatchObject({ outcome: "refunded" });
    await sweepClientCartIntents(later(12));
    expect(await refunds(intentId)).toBe(1);

    // The client calls at last: no order, no stock taken, the refund told.
    await expect(
      confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(productId)).toBe(5);
  });

  it("leaves a payment that became its order alone, and abandons one never paid after a day", async () => {
    const productId = await createProduct({ priceCents: 20_00, stock: 5 });
    const user = await shopper();
    const intentId = await paid(user, 20_00 + 25_00 + 1_00);
    await confirmApiOrder(user, { intentId, lines: [{ productId, quantity: 1 }], shipping: SHIPPING });
    await sweepClientCartIntents(later(11));
    expect(await watched(intentId)).toMatchObject({ outcome: "order" });
    expect(await refunds(intentId)).toBe(0);
    expect(await ordersOf(user.id)).toHaveLength(1);

    const unpaid = await startApiPayment(user, 46_00);
    await sweepClientCartIntents(later(11));
    expect(await watched(unpaid.id)).toMatchObject({ resolvedAt: null });
    await sweepClientCartIntents(later(25 * 60));
    expect(await watched(unpaid.id)).toMatchObject({ outcome: "abandoned" });
    expect((await stripe().paymentIntents.retrieve(unpaid.id)).status).toBe("canceled");
  });
});
