import { eq } from "drizzle-orm";
import { userBuyer, type Buyer, releaseReservation, reserveOrder, takeStockAgain } from "~/models/checkout";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { categories, discounts, orders, users } from "~/db/schema";
import { discountSchema } from "~/lib/discount-schema";
import { PAYMENT } from "~/lib/order-states";
import { refusal } from "../../../tests/unit/refusals";
import { SHIPPING } from "../../../tests/unit/buying";
import { addCategories, createProduct, createUser } from "../../../tests/unit/fixtures";
import { loadCart, setCartCouponCode, setCartLine, userCart } from "~/models/cart";
import { createDiscount, deleteDiscount, listDiscounts, setDiscountPaused } from "./discount-admin.server";
import { cartDiscountContext } from "./discounts.server";
import { getOrder } from "~/models/orders";
import { quoteForBuyer } from "./pricing.server";
import { saveShippingInfo } from "./shipping.server";
import { getUserById } from "~/models/accounts";

// Discount codes and promotions on both engines: an order keeps what it got off, each use is taken
// with the order's reservation and given back with its release, the last use of a code goes to one
// of two buyers at the same moment, and a buyer's own limit holds.

beforeAll(() => followCatalogueVersion());

const discount = (fields: Record<string, unknown>) =>
  createDiscount(discountSchema("en-US").parse({ name: "A discount", kind: "percent", percent: "10", ...fields }));

/** A buyer with an address and `quantity` of a product in their cart, and `code` entered on it. */
async function buyer(productId: string, code: string | null, quantity = 1) {
  const userId = await createUser();
  await saveShippingInfo(userId, SHIPPING);
  await setCartLine(userCart(userId), productId, quantity);
  if (code) await setCartCouponCode(userCart(userId), code);
  return (await getUserById(userId))!;
}

const quoteOf = async (user: NonNullable<Awaited<ReturnType<typeof getUserById>>>) =>
  quoteForBuyer(userBuyer(user), (await loadCart(userCart(user.id))).lines, SHIPPING);

/** Marks an order paid as settlement would, for what the counts read. */
const markPaid = (orderId: string) =>
  commitTogether((tx) => tx.update(orders).set({ paymentStatus: PAYMENT.succeeded }).where(eq(orders.id, orderId)));

const timesUsed = async (id: string) =>
  (await db.select({ n: discounts.timesUsed }).from(discounts).where(eq(discounts.id, id)))[0].n;

describe("a code on the cart", () => {
  it("comes off the order before tax, is kept with it, and its use goes back with a release", async () => {
    const productId = await createProduct({ priceCents: 100_00, stock: 5 });
    const save = await discount({ code: "autumn-20", percent: "20" });
    const user = await buyer(productId, " Autumn-20 ");
    expect((await quoteOf(user)).coupon).toEqual({ code: "Autumn-20", refusal: null });

    const { order } = await reserveOrder(user);
    // $100 − $20 = $80; 5% tax on $80 = $4; $25 shipping (not over $200).
    expect(order).toMatchObject({
      itemsPriceCents: 100_00,
      discountCents: 20_00,
      taxPriceCents: 4_00,
      shippingPriceCents: 25_00,
      totalPriceCents: 109_00,
    });
    expect((await getOrder(order.id))!.discounts).toEqual([
      { code: "AUTUMN-20", name: "A discount", kind: "percent", amountCents: 20_00 },
    ]);
    expect(await timesUsed(save.id)).toBe(1);

    expect(await commitTogether((tx) => releaseReservation(tx, order.id))).toBe(true);
    expect(await timesUsed(save.id)).toBe(0);
  });

  it("that does not apply says why, and the order is priced without it", async () => {
    const productId = await createProduct({ priceCents: 30_00, stock: 5 });
    await discount({ code: "BIGSPEND", kind: "amount", amount: "15", minSubtotal: "50" });
    const user = await buyer(productId, "bigspend");
    expect((await quoteOf(user)).coupon).toEqual({ code: "bigspend", refusal: "Spend $20.00 more to use this code." });
    const unknown = await buyer(productId, "NOPE");
    expect((await quoteOf(unknown)).coupon).toEqual({ code: "NOPE", refusal: 'We do not know the code "NOPE".' });

    const { order } = await reserveOrder(user);
    expect(order).toMatchObject({ discountCents: 0, totalPriceCents: 30_00 + 25_00 + 1_50 });
  });

  it("for free shipping takes the shipping off, not the items", async () => {
    const productId = await createProduct({ priceCents: 40_00, stock: 5 });
    await discount({ code: "SHIPFREE", kind: "free_shipping" });
    const { order } = await reserveOrder(await buyer(productId, "shipfree"));
    expect(order).toMatchObject({
      discountCents: 0,
      shippingPriceCents: 0,
      taxPriceCents: 2_00,
      totalPriceCents: 42_00,
    });
    expect((await getOrder(order.id))!.discounts).toEqual([
      { code: "SHIPFREE", name: "A discount", kind: "free_shipping", amountCents: 25_00 },
    ]);
  });
});

describe("the last use of a code", () => {
  it("goes to exactly one of two buyers paying at the same moment", async () => {
    const productId = await createProduct({ priceCents: 50_00, stock: 10 });
    const last = await discount({ code: "ONLYONE", kind: "amount", amount: "10", usageLimit: "1" });
    const [first, second] = [await buyer(productId, "ONLYONE"), await buyer(productId, "ONLYONE")];
    // Both were shown the discount: one use was left when each looked.
    for (const user of [first, second]) expect((await quoteOf(user)).discounts).toHaveLength(1);

    const outcomes = await Promise.allSettled([reserveOrder(first), reserveOrder(second)]);
    const placed = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    expect(placed).toHaveLength(1);
    expect(refused.map((e) => [e.status, e.message])).toEqual([
      [409, "The code ONLYONE has just been used up. Please check your order's total again."],
    ]);
    expect(await timesUsed(last.id)).toBe(1);

    // The one refused is told so in words when they look again, and pays the full price.
    const loser = outcomes[0].status === "rejected" ? first : second;
    expect((await quoteOf(loser)).coupon).toEqual({ code: "ONLYONE", refusal: "This code has been used up." });
    expect((await reserveOrder(loser)).order).toMatchObject({ discountCents: 0 });
  });

  it("taken by another order while a lapsed one waited: the late payment cannot keep the discount", async () => {
    const productId = await createProduct({ priceCents: 50_00, stock: 10 });
    const last = await discount({ code: "LATE", kind: "amount", amount: "10", usageLimit: "1" });
    const { order } = await reserveOrder(await buyer(productId, "LATE"));
    await commitTogether((tx) => releaseReservation(tx, order.id));
    await reserveOrder(await buyer(productId, "LATE"));
    expect(await commitTogether((tx) => takeStockAgain(tx, order.id))).toBe(false);
    expect(await timesUsed(last.id)).toBe(1);
  });
});

describe("a buyer's own limit", () => {
  it("counts their paid orders, not the unpaid checkout they are starting again", async () => {
    const productId = await createProduct({ priceCents: 50_00, stock: 10 });
    await discount({ code: "ONCEEACH", perCustomerLimit: "1" });
    const user = await buyer(productId, "ONCEEACH");
    const { order: unpaid } = await reserveOrder(user);
    // Back to the cart, then paying again: the first checkout is released, the code still applies.
    expect((await quoteOf(user)).coupon?.refusal).toBeNull();
    const { order } = await reserveOrder(user);
    expect((await getOrder(unpaid.id))!.paymentStatus).toBe(PAYMENT.canceled);
    expect(order.discountCents).toBe(5_00);
    await markPaid(order.id);

    await setCartLine(userCart(user.id), productId, 1);
    await setCartCouponCode(userCart(user.id), "ONCEEACH");
    expect((await quoteOf(user)).coupon).toEqual({ code: "ONCEEACH", refusal: "You have already used this code." });
    expect((await reserveOrder(user)).order.discountCents).toBe(0);
  });
});

describe("a buyer's own limit counts one mailbox", () => {
  it("a +tag guest, the address in another case, and an unproven account of the same address use it once between them", async () => {
    const productId = await createProduct({ priceCents: 50_00, stock: 10 });
    await discount({ code: "ONEMAILBOX", perCustomerLimit: "1" });
    const local = `mailbox-${Date.now()}`;
    /** A guest with the product and the code in a visitor cart, checking out with `email`. */
    const guest = async (email: string): Promise<Buyer> => {
      const { cartId } = await setCartLine({ userId: null, cartId: null }, productId, 1);
      const cart = { userId: null, cartId };
      await setCartCouponCode(cart, "ONEMAILBOX");
      return { userId: null, cart, name: "Guest Buyer", email, shipping: SHIPPING, shippingMethodId: null };
    };
    const guestQuote = async (who: Buyer) => quoteForBuyer(who, (await loadCart(who.cart)).lines, SHIPPING);

    const { order } = await reserveOrder(await guest(`${local}+one@example.com`));
    expect(order.discountCents).toBe(5_00);
    expect(order.mailbox).toBe(`${local}@example.com`);
    await markPaid(order.id);

    const again = await guest(`${local.toUpperCase()}+two@EXAMPLE.com`);
    expect((await guestQuote(again)).coupon).toEqual({
      code: "ONEMAILBOX",
      refusal: "You have already used this code.",
    });
    expect((await reserveOrder(again)).order.discountCents).toBe(0);

    // An account registered with the address, never proven: the same mailbox.
    const account = await buyer(productId, "ONEMAILBOX");
    await commitTogether((tx) =>
      tx
        .update(users)
        .set({ email: `${local}@example.com` })
        .where(eq(users.id, account.id)),
    );
    const unproven = (await getUserById(account.id))!;
    expect(unproven.emailProvenAt).toBeNull();
    expect((await quoteOf(unproven)).coupon?.refusal).toBe("You have already used this code.");
    expect((await reserveOrder(unproven)).order.discountCents).toBe(0);

    // Another mailbox has its own use.
    expect((await reserveOrder(await guest(`other-${local}@example.com`))).order.discountCents).toBe(5_00);
  });

  it("counts the account's orders made before it changed its e-mail", async () => {
    const productId = await createProduct({ priceCents: 50_00, stock: 10 });
    await discount({ code: "ACCOUNTONCE", perCustomerLimit: "1" });
    const user = await buyer(productId, "ACCOUNTONCE");
    const { order } = await reserveOrder(user);
    expect(order.discountCents).toBe(5_00);
    await markPaid(order.id);
    await commitTogether((tx) =>
      tx
        .update(users)
        .set({ email: `moved-${user.id}@example.com` })
        .where(eq(users.id, user.id)),
    );
    const moved = (await getUserById(user.id))!;
    await setCartLine(userCart(user.id), productId, 1);
    await setCartCouponCode(userCart(user.id), "ACCOUNTONCE");
    expect((await quoteOf(moved)).coupon?.refusal).toBe("You have already used this code.");
  });
});

describe("an automatic promotion", () => {
  it("applies without a code to the categories it names, until it is paused", async () => {
    await addCategories("Promo Things");
    const [category] = await db.select().from(categories).where(eq(categories.slug, "promo-things"));
    const covered = await createProduct({ priceCents: 20_00, category: "Promo Things", stock: 5 });
    const other = await createProduct({ priceCents: 80_00, stock: 5 });
    const promotion = await discount({ name: "Promo week", percent: "25", categoryIds: [category.id] });
    const user = await buyer(covered, null);
    await setCartLine(userCart(user.id), other, 1);

    const quote = await quoteOf(user);
    expect(quote.coupon).toBeNull();
    expect(quote.discounts).toEqual([
      { id: promotion.id, code: null, name: "Promo week", kind: "percent", amountCents: 5_00 },
    ]);
    await setDiscountPaused(promotion.id, true);
    expect((await quoteOf(user)).discounts).toEqual([]);
    await setDiscountPaused(promotion.id, false);

    const { order } = await reserveOrder(user);
    await markPaid(order.id);
    expect((await listDiscounts()).find((d) => d.id === promotion.id)).toMatchObject({
      paidOrders: 1,
      discountedCents: 5_00,
      timesUsed: 1,
    });
    // Deleted, the order keeps what it got.
    await deleteDiscount(promotion.id);
    expect((await getOrder(order.id))!.discounts).toEqual([
      { code: null, name: "Promo week", kind: "percent", amountCents: 5_00 },
    ]);
    expect((await cartDiscountContext(userBuyer(user))).promotions.some((p) => p.id === promotion.id)).toBe(false);
  });
});

describe("the owner's discounts", () => {
  it("keep codes unique whatever their case", async () => {
    await discount({ code: "UNIQUE1" });
    expect(await refusal(discount({ code: "unique1" }))).toEqual({
      message: "Another discount has this code: choose another",
      status: 409,
      field: "code",
    });
  });
});
