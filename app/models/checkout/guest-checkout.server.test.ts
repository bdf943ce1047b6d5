import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { LOOKUP_NOT_FOUND } from "~/lib/order-lookup-schema";
import { PublicError } from "~/lib/public-error";
import { cartLinesOf, setCartLine, type CartRef } from "~/models/cart";
import {
  adoptGuestOrders,
  lookUpGuestOrder,
  isOrderLinkKey,
  orderLinkKey,
  getOrder,
  getPlacedOrderOf,
} from "~/models/orders";
import { outboxRow } from "~/models/mail";
import { updateOrderStatus, requestReturn, returnPlan } from "~/models/after-sales";
import { saveShopSettings } from "~/models/settings";
import { createResetToken, resetPassword, createUser, findOrCreateGoogleUser } from "~/models/accounts";
import { RateLimitError } from "~/models/platform";
import { SHIPPING } from "../../../tests/unit/buying";
import { createProduct, stockOf } from "../../../tests/unit/fixtures";
import { useSandboxWithWebhook } from "../../../tests/unit/stripe-relay";
import { buyerOwns, guestBuyer, saveGuestShippingChoice } from "./buyer.server";
import { payWithCard, startPayment } from "./intent-checkout.server";
import { lateRefundOf } from "./settlement.server";

const VISA = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

useSandboxWithWebhook();

let n = 0;
const uniqueEmail = (what: string) => `${what}-${++n}-${Date.now()}@example.com`;

/** A visitor's cart with `quantity` of a product, and their e-mail and address kept on it. */
async function guestWithCart(productId: string, quantity: number, email = uniqueEmail("guest")) {
  const { cartId } = await setCartLine({ userId: null, cartId: null }, productId, quantity);
  const ref: CartRef = { userId: null, cartId };
  const lines = (await cartLinesOf(ref)).map((l) => ({ ...l, priceCents: 25_00 }));
  await saveGuestShippingChoice(cartId, lines, { ...SHIPPING, email, remindCart: false }, null);
  return { cartId, email, buyer: await guestBuyer(cartId) };
}

async function guestOrder(email?: string) {
  const productId = await createProduct({ priceCents: 25_00, stock: 5 });
  const guest = await guestWithCart(productId, 2, email);
  const outcome = await payWithCard(guest.buyer, VISA);
  if (!outcome.ok || !("orderId" in outcome)) throw new Error(`not paid: ${JSON.stringify(outcome)}`);
  return { ...guest, productId, order: (await getOrder(outcome.orderId))! };
}

const refusalOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};

describe("a guest's checkout", () => {
  it("keeps the e-mail and address on the cart, lower case, and reads them back as the buyer", async () => {
    const productId = await createProduct({ priceCents: 25_00, stock: 5 });
    const { buyer, cartId } = await guestWithCart(productId, 1, "Mixed.Case@Example.com".toLowerCase());
    expect(buyer).toMatchObject({
      userId: null,
      cart: { userId: null, cartId },
      email: "mixed.case@example.com",
      name: SHIPPING.recipientName,
      shipping: { address: SHIPPING.address, country: SHIPPING.country },
    });
    expect(buyer.shippingMethodId).not.toBeNull();
  });

  it("pays: the order has no account, the guest's e-mail and cart; stock taken, cart emptied, receipt mailed with the order's link", async () => {
    const { order, cartId, email, buyer, productId } = await guestOrder();
    expect(order).toMatchObject({ userId: null, guestEmail: email, cartId, paymentStatus: "succeeded" });
    expect(order.buyer).toEqual({ name: SHIPPING.recipientName, email, orderKey: orderLinkKey(order.id) });
    expect(await stockOf(productId)).toBe(3);
    expect(await cartLinesOf({ userId: null, cartId })).toEqual([]);
    const mail = await outboxRow(`orderConfirmation:${order.id}`);
    expect(mail?.payload).toMatchObject({ buyer: { email, orderKey: orderLinkKey(order.id) } });
    // The success page's check: this cart's order, nobody else's.
    expect(await getPlacedOrderOf(order.id, buyer)).not.toBeNull();
    const other = await guestWithCart(await createProduct({ stock: 1 }), 1);
    expect(await getPlacedOrderOf(order.id, other.buyer)).toBeNull();
    expect(buyerOwns(other.buyer, order)).toBe(false);
    expect(await lateRefundOf(order.id, other.buyer)).toBeNull();
  });

  it("starting again releases the guest's unpaid checkout of the same cart, its stock back", async () => {
    const productId = await createProduct({ priceCents: 25_00, stock: 4 });
    const { buyer } = await guestWithCart(productId, 2);
    const first = await startPayment(buyer);
    expect(await stockOf(productId)).toBe(2);
    const second = await startPayment(buyer);
    expect(await stockOf(productId)).toBe(2);
    const [stale] = await db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(stale.paymentStatus).toBe("canceled");
    expect(second.order.guestEmail).toBe(buyer.email);
  });
});

describe("the order's link", () => {
  it("has a key only this order's id makes", () => {
    const key = orderLinkKey("order-a");
    expect(isOrderLinkKey("order-a", key)).toBe(true);
    expect(isOrderLinkKey("order-b", key)).toBe(false);
    expect(isOrderLinkKey("order-a", key.slice(1))).toBe(false);
    expect(isOrderLinkKey("order-a", null)).toBe(false);
  });
});

describe("looking up a guest order", () => {
  it("finds it by number and e-mail, and answers one message whatever does not match", async () => {
    const { order, email } = await guestOrder();
    const found = await lookUpGuestOrder({ orderNumber: order.orderNumber, email }, "10.0.0.1");
    expect(found).toEqual({
      id: order.id,
      page: `/order/${order.id}?key=${orderLinkKey(order.id)}`,
      receipt: `/order/${order.id}/receipt?key=${orderLinkKey(order.id)}`,
    });
    const wrongEmail = await refusalOf(
      lookUpGuestOrder({ orderNumber: order.orderNumber, email: uniqueEmail("someone") }, "10.0.0.1"),
    );
    const wrongNumber = await refusalOf(lookUpGuestOrder({ orderNumber: 999_999_999, email }, "10.0.0.1"));
    for (const refusal of [wrongEmail, wrongNumber]) {
      expect(refusal).toBeInstanceOf(PublicError);
      expect(refusal).toMatchObject({ status: 404, message: LOOKUP_NOT_FOUND });
    }
  });

  it("does not find an account's order by its owner's e-mail", async () => {
    const owner = await createUser({ name: "Owner", email: uniqueEmail("owner"), password: "password-1" });
    const { order } = await guestOrder();
    await adoptGuestOrders(owner.id, order.guestEmail!);
    const refusal = await refusalOf(
      lookUpGuestOrder({ orderNumber: order.orderNumber, email: owner.email }, "10.0.0.2"),
    );
    expect(refusal).toMatchObject({ status: 404, message: LOOKUP_NOT_FOUND });
  });

  it("is refused past the limit for one e-mail, found or not", async () => {
    const email = uniqueEmail("guesser");
    let refused: unknown = null;
    for (let i = 0; i < 20 && !refused; i++) {
      refused = await lookUpGuestOrder({ orderNumber: 1000 + i, email }, `10.1.${n}.${i}`).then(
        () => null,
        (error: unknown) => (error instanceof RateLimitError ? error : null),
      );
    }
    expect(refused).toBeInstanceOf(RateLimitError);
    expect((refused as RateLimitError).status).toBe(429);
  });
});

describe("adopting guest orders once the e-mail is proven", () => {
  it("a password reset's link joins the guest orders of the account's e-mail to it, and no one else's", async () => {
    const email = uniqueEmail("later");
    const mine = await guestOrder(email);
    const theirs = await guestOrder();
    const user = await createUser({ name: "Later", email, password: "password-1" });
    await resetPassword(await createResetToken(user), { password: "password-2", logoutOtherDevices: false });
    expect((await getOrder(mine.order.id))?.userId).toBe(user.id);
    expect((await getOrder(theirs.order.id))?.userId).toBeNull();
    // Its link still opens it, and the account's order mails go to the account now.
    expect((await getOrder(mine.order.id))?.buyer).toEqual({ name: "Later", email });
  });

  it("a Google sign-in with the verified e-mail adopts them; once is enough", async () => {
    const email = uniqueEmail("google");
    const { order } = await guestOrder(email);
    const user = await findOrCreateGoogleUser({ googleId: `g-${n}-${Date.now()}`, email, name: "G" });
    expect((await getOrder(order.id))?.userId).toBe(user.id);
    expect(await adoptGuestOrders(user.id, email)).toBe(0);
  });
});

describe("a guest's return", () => {
  it("is asked for by the order's link key, mailed to the guest; a wrong key is a missing order", async () => {
    await saveShopSettings({ returnWindowDays: 14 });
    const { order, email } = await guestOrder();
    await updateOrderStatus(order.id, "Delivered");
    const key = orderLinkKey(order.id);
    const plan = await returnPlan(order.id, { orderKey: key });
    expect(plan?.problem).toBeNull();
    expect(await returnPlan(order.id, { orderKey: orderLinkKey("another-order") })).toBeNull();
    await expect(
      requestReturn({ orderKey: key.slice(1) }, order.id, { items: [], reason: "Nope" }),
    ).rejects.toMatchObject({ status: 404 });
    const made = await requestReturn({ orderKey: key }, order.id, {
      items: [{ item: order.lines[0].id, quantity: 1 }],
      reason: "Too big",
    });
    expect(made).toMatchObject({ status: "requested" });
    expect((await outboxRow(`return:${made.id}:requested`))?.payload).toMatchObject({
      buyer: { email, orderKey: key },
    });
  });
});
