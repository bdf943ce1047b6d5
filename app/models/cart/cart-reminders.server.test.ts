import { eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { carts, mailOutbox, orders, shopSettings, users } from "~/db/schema";
import { createOrder, createProduct, createUser } from "../../../tests/unit/fixtures";
import { cartRemindersOn, queueCartReminders } from "./cart-reminders.server";
import { setCartLine, userCart, userCartId } from "./cart.server";
import { drainMails, composeJob, type MailJob, optOut, readUnsubscribeToken } from "~/models/mail";
import { saveShopSettings } from "~/models/settings";
import { getUserById } from "~/models/accounts";

// Reminders of carts left, on both engines: once per state of the cart, only to a shopper who
// asked for it, never after buying, never before the delay, never when the shop set none.

const HOUR = 60 * 60_000;
const now = new Date();
const hoursAgo = (h: number) => new Date(now.getTime() - h * HOUR);

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await drainMails(10_000);
  await commitTogether(async (tx) => {
    await tx.delete(mailOutbox);
    await tx.delete(carts);
    await tx.delete(shopSettings);
  });
  await saveShopSettings({ cartReminderHours: 4 });
});

const leftAt = (cartId: string, at: Date) =>
  commitTogether((tx) => tx.update(carts).set({ updatedAt: at }).where(eq(carts.id, cartId)));

/** A signed-in shopper's cart of one lamp, left `hours` ago; reminders as asked. */
async function shopperCart(hours: number, reminders = true) {
  const userId = await createUser("Carla Cart");
  await commitTogether((tx) => tx.update(users).set({ cartReminders: reminders }).where(eq(users.id, userId)));
  const productId = await createProduct({ name: "Desk Lamp", stock: 5 });
  await setCartLine(userCart(userId), productId, 2);
  const cartId = (await userCartId(userId))!;
  await leftAt(cartId, hoursAgo(hours));
  return { user: (await getUserById(userId))!, cartId, productId };
}

/** A guest's cart of one vase, left `hours` ago, with what they gave at checkout. */
async function guestCart(hours: number, guestCheckout: string | null) {
  const productId = await createProduct({ name: "Vase", stock: 5 });
  const { cartId } = await setCartLine({ userId: null, cartId: null }, productId, 1);
  await commitTogether((tx) => tx.update(carts).set({ guestCheckout }).where(eq(carts.id, cartId)));
  await leftAt(cartId, hoursAgo(hours));
  return { cartId };
}

const reminded = async (at = now) => (await queueCartReminders(at)).map((m) => m.job as MailJob & { to: string });

describe("cart reminders", () => {
  it("remind a shopper who asked, once, with the cart's lines and an unsubscribe link", async () => {
    const { user, cartId } = await shopperCart(5);
    const jobs = await reminded();
    expect(jobs).toMatchObject([
      {
        kind: "cartReminder",
        to: user.email,
        news: { name: "Carla Cart", lines: [{ name: "Desk Lamp", quantity: 2 }] },
      },
    ]);
    expect(await reminded()).toEqual([]);
    const [row] = await db.select().from(carts).where(eq(carts.id, cartId));
    expect(row.remindedAt).toEqual(now);
    // The mark is no change of the cart.
    expect(row.updatedAt).toEqual(hoursAgo(5));

    await drainMails(10_000);
    const [outbox] = await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "cartReminder:%"));
    const mail = await composeJob(outbox.payload as MailJob);
    expect(mail.subject).toBe("ShopIT: you left something in your cart");
    expect(mail.text).toContain("2 × Desk Lamp");
    const token = mail.text.match(/\/unsubscribe\/([^\s\]]+)/)?.[1];
    expect(readUnsubscribeToken(token)).toEqual({ email: user.email, kind: "cartReminder" });
  });

  it("remind again a cart changed after its reminder, once it is left as long", async () => {
    const { cartId } = await shopperCart(5);
    expect(await reminded()).toHaveLength(1);
    await leftAt(cartId, new Date(now.getTime() + 1000));
    expect(await reminded()).toEqual([]);
    expect(await reminded(new Date(now.getTime() + 5 * HOUR))).toHaveLength(1);
  });

  it("are not sent before the delay, when the setting is 0, or for a cart left more than a week past it", async () => {
    await shopperCart(3);
    expect(await reminded()).toEqual([]);
    await shopperCart(4 + 8 * 24);
    expect(await reminded()).toEqual([]);
    await shopperCart(5);
    expect(await cartRemindersOn()).toBe(true);
    await saveShopSettings({ cartReminderHours: 0 });
    // Off: nobody is reminded, nor offered it at checkout.
    expect(await cartRemindersOn()).toBe(false);
    expect(await reminded()).toEqual([]);
  });

  it("are not sent to a shopper who did not ask, or unsubscribed", async () => {
    await shopperCart(5, false);
    expect(await reminded()).toEqual([]);
    const { user } = await shopperCart(5);
    await optOut(user.email, "cartReminder");
    expect((await getUserById(user.id))!.cartReminders).toBe(false);
    expect(await reminded()).toEqual([]);
  });

  it("are not sent after buying: an emptied cart, or an order paid since the cart changed", async () => {
    const { user, cartId } = await shopperCart(5);
    await createOrder({ userId: user.id, createdAt: hoursAgo(1) });
    expect(await reminded()).toEqual([]);
    // An order paid before the cart changed is no purchase of this cart.
    await commitTogether((tx) => tx.delete(orders).where(eq(orders.userId, user.id)));
    await createOrder({ userId: user.id, createdAt: hoursAgo(10) });
    expect(await reminded()).toHaveLength(1);

    const emptied = await shopperCart(5);
    await commitTogether(async (tx) => {
      const { cartLines } = await import("~/db/schema");
      await tx.delete(cartLines).where(eq(cartLines.cartId, emptied.cartId));
    });
    expect(await reminded()).toEqual([]);
    expect(cartId).not.toBe(emptied.cartId);
  });

  it("remind a guest who ticked 'remind me' at checkout; not one who did not, nor a broken checkout", async () => {
    const ticked = await guestCart(
      5,
      JSON.stringify({ email: " Guest@Example.com ", remindCart: true, shipping: null }),
    );
    await guestCart(5, JSON.stringify({ email: "no@example.com", remindCart: false }));
    await guestCart(5, JSON.stringify({ email: "missing@example.com" }));
    await guestCart(5, "not json");
    await guestCart(5, null);
    expect(await reminded()).toMatchObject([{ to: "guest@example.com", news: { lines: [{ name: "Vase" }] } }]);
    // The carts looked at are not read again until they change.
    expect(await reminded()).toEqual([]);

    // A guest's cart whose order was paid since it changed.
    const paid = await guestCart(5, JSON.stringify({ email: "paid@example.com", remindCart: true }));
    const order = await createOrder({ createdAt: hoursAgo(1) });
    await commitTogether((tx) => tx.update(orders).set({ cartId: paid.cartId }).where(eq(orders.id, order.id)));
    expect(await reminded()).toEqual([]);
    expect(ticked.cartId).toBeTruthy();
  });

  it("two sweeps at once remind once", async () => {
    await shopperCart(5);
    await shopperCart(6);
    const [a, b] = await Promise.all([reminded(), reminded()]);
    expect(a.length + b.length).toBe(2);
  });
});
