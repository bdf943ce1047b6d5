import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { mailOutbox, products, shopSettings, users } from "~/db/schema";
import { PAYMENT } from "~/lib/order-states";
import { PublicError } from "~/lib/public-error";
import { clearOrders, createOrder, createProduct, createUser } from "../../../tests/unit/fixtures";
import { daySummary, queueDailySummary } from "~/models/reports";
import { drainMails } from "./email.server";
import { composeJob, type MailJob } from "./mail-jobs.server";
import { queuePaidOrderMails } from "~/models/orders";
import { getShopSettings, ownerMailRecipients, saveShopSettings } from "~/models/settings";

// The owner hears about the shop: a mail per paid order and a daily summary, to the contact e-mail
// and the admins chosen in Settings, through the outbox, on both engines.

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await clearOrders();
  await drainMails(10_000);
  await commitTogether(async (tx) => {
    await tx.delete(mailOutbox);
    await tx.delete(shopSettings);
  });
});

const outbox = async () =>
  Promise.all(
    (await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))).map(async (row) => ({
      key: row.dedupeKey,
      mail: await composeJob(row.payload as MailJob),
    })),
  );
const paidMails = async (orderId: string) => {
  const settings = await getShopSettings();
  return commitTogether((tx) => queuePaidOrderMails(tx, orderId, settings));
};
const emailOf = async (id: string) =>
  (await db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

describe("who hears of the shop", () => {
  it("the contact e-mail and the admins chosen, each once; not a shopper, not an admin since demoted", async () => {
    const [chosen, other, demoted] = [
      await createUser("Chosen Admin", "admin"),
      await createUser("Other Admin", "admin"),
      await createUser("Demoted", "admin"),
    ];
    await saveShopSettings({ contactEmail: "owner@example.com", ownerMailAdmins: [chosen, demoted] });
    await commitTogether((tx) => tx.update(users).set({ role: "user" }).where(eq(users.id, demoted)));
    expect(await ownerMailRecipients()).toEqual(["owner@example.com", await emailOf(chosen)]);
    expect(await ownerMailRecipients()).not.toContain(await emailOf(other));
  });

  it("a choice of a user who is not an admin is refused beside the field, and nothing is saved", async () => {
    const shopper = await createUser("Shopper");
    await expect(saveShopSettings({ name: "Lost", ownerMailAdmins: [shopper] })).rejects.toThrow(
      expect.objectContaining({
        constructor: PublicError,
        field: "ownerMailAdmins",
        message: "Choose admins from the list",
      }),
    );
    await expect(saveShopSettings({ ownerMailAdmins: ["no-such-user"] })).rejects.toThrow(
      "Choose admins from the list",
    );
    expect(await ownerMailRecipients()).toEqual([]);
  });
});

describe("a mail for each paid order", () => {
  it("goes with the buyer's confirmation to each recipient: the order, its total, the buyer and a link to process it", async () => {
    const admin = await createUser("Order Admin", "admin");
    await saveShopSettings({ contactEmail: "owner@example.com", ownerMailAdmins: [admin] });
    const buyer = await createUser("Paying Buyer");
    const productId = await createProduct({ name: "Desk Lamp" });
    const order = await createOrder({
      userId: buyer,
      lines: [{ productId, quantity: 2, priceCents: 30_00, name: "Desk Lamp" }],
    });
    expect(await paidMails(order.id)).toHaveLength(3);
    // Once: the same promise again queues nothing.
    expect(await paidMails(order.id)).toEqual([]);
    const mails = await outbox();
    expect(mails.map((m) => [m.key, m.mail.to])).toEqual([
      [`orderConfirmation:${order.id}`, await emailOf(buyer)],
      [`newOrder:${order.id}:owner@example.com`, "owner@example.com"],
      [`newOrder:${order.id}:${await emailOf(admin)}`, await emailOf(admin)],
    ]);
    const news = mails[1].mail;
    expect(news.subject).toBe(`ShopIT: new order #${order.orderNumber}, $60.00`);
    expect(news.text).toContain(`Paying Buyer (${await emailOf(buyer)}) paid $60.00.`);
    expect(news.text).toContain("Desk Lamp");
    expect(news.html).toContain(`/admin/order/${order.id}"`);
  });

  it("names the buyer by the order when the account is gone, and is not sent when switched off", async () => {
    await saveShopSettings({ contactEmail: "owner@example.com" });
    const gone = await createOrder({ userId: null, userName: "Gone Buyer", lines: [] });
    expect(await paidMails(gone.id)).toHaveLength(1);
    expect((await outbox())[0].mail.text).toContain("Gone Buyer paid $0.00.");

    await saveShopSettings({ newOrderMails: false });
    const quiet = await createOrder({ userId: await createUser() });
    expect((await paidMails(quiet.id)).map((m) => m.key)).toEqual([`orderConfirmation:${quiet.id}`]);
  });

  it("goes to nobody when there is no contact e-mail and no admin chosen (a fresh shop)", async () => {
    const order = await createOrder({ userId: await createUser() });
    expect((await paidMails(order.id)).map((m) => m.key)).toEqual([`orderConfirmation:${order.id}`]);
  });
});

describe("the daily summary", () => {
  const day = (hour: number, date = "2026-03-04") => new Date(`${date}T${String(hour).padStart(2, "0")}:30:00Z`);

  it("counts the orders paid that UTC day (not the day before or after, not unpaid or refunded), what sold most, and the stock", async () => {
    await commitTogether((tx) => tx.delete(products));
    const [lamp, pen] = [
      await createProduct({ name: "Lamp", stock: 0 }),
      await createProduct({ name: "Pen", stock: 3 }),
    ];
    await createProduct({ name: "Plenty", stock: 50 });
    const a = await createOrder({
      createdAt: day(0),
      userName: "Ann",
      lines: [{ productId: lamp, quantity: 1, name: "Lamp", priceCents: 40_00 }],
    });
    const b = await createOrder({
      createdAt: day(23),
      userName: "Bob",
      lines: [
        { productId: pen, quantity: 5, name: "Pen", priceCents: 2_00 },
        { productId: lamp, quantity: 1, name: "Lamp", priceCents: 40_00 },
      ],
    });
    await createOrder({ createdAt: day(23, "2026-03-03"), lines: [{ productId: pen, quantity: 9, name: "Pen" }] });
    await createOrder({ createdAt: day(0, "2026-03-05"), lines: [{ productId: pen, quantity: 9, name: "Pen" }] });
    await createOrder({
      createdAt: day(12),
      paymentStatus: PAYMENT.requiresPayment,
      lines: [{ productId: pen, quantity: 9, name: "Pen" }],
    });
    await createOrder({
      createdAt: day(12),
      paymentStatus: PAYMENT.refunded,
      lines: [{ productId: pen, quantity: 9, name: "Pen" }],
    });

    expect(await daySummary("2026-03-04")).toEqual({
      day: "2026-03-04",
      orderCount: 2,
      revenueCents: 90_00,
      orders: [
        { id: a.id, orderNumber: a.orderNumber, buyerName: "Ann", totalPriceCents: 40_00 },
        { id: b.id, orderNumber: b.orderNumber, buyerName: "Bob", totalPriceCents: 50_00 },
      ],
      topProducts: [
        { name: "Pen", quantity: 5 },
        { name: "Lamp", quantity: 2 },
      ],
      lowStock: 1,
      outOfStock: 1,
    });
    expect(await daySummary("2026-02-01")).toMatchObject({
      orderCount: 0,
      revenueCents: 0,
      orders: [],
      topProducts: [],
    });
  });

  it("is queued once per day and recipient, only when switched on, and says what the day brought", async () => {
    await saveShopSettings({ contactEmail: "owner@example.com" });
    const morning = new Date("2026-03-05T06:00:00Z");
    expect(await queueDailySummary(morning)).toEqual([]);

    await saveShopSettings({ dailySummary: true });
    await createOrder({
      createdAt: day(10),
      userName: "Cleo",
      lines: [{ productId: await createProduct(), quantity: 1, priceCents: 12_50, name: "Mug" }],
    });
    expect(await queueDailySummary(morning)).toHaveLength(1);
    // Asked again (another node, the next quarter of an hour): already queued.
    expect(await queueDailySummary(new Date("2026-03-05T18:00:00Z"))).toEqual([]);
    const [summary] = await outbox();
    expect(summary.key).toBe("dailySummary:2026-03-04:owner@example.com");
    expect(summary.mail.subject).toBe("ShopIT: your day, Mar 4, 2026");
    expect(summary.mail.text).toContain("1 order paid on Mar 4, 2026: $12.50.");
    expect(summary.mail.text).toContain("Days are counted in the shop's time zone, UTC.");
    expect(summary.mail.text).toContain("Sold most: Mug (1).");
    expect(summary.mail.html).toContain("/dashboard");
  });
  it("counts the day before in the shop's time zone, from its midnight to the next", async () => {
    await saveShopSettings({ contactEmail: "owner@example.com", dailySummary: true, timeZone: "Europe/Berlin" });
    const product = await createProduct();
    const line = { productId: product, quantity: 1, priceCents: 10_00, name: "Mug" };
    // Berlin is an hour ahead of UTC in March.
    await createOrder({ createdAt: day(22, "2026-03-03"), userName: "Late Tuesday", lines: [line] }); // 3 March, 23:30
    await createOrder({ createdAt: day(23, "2026-03-03"), userName: "Early", lines: [line] }); // 4 March, 00:30
    await createOrder({ createdAt: day(22), userName: "Late", lines: [line] }); // 4 March, 23:30
    await createOrder({ createdAt: day(23), userName: "Thursday", lines: [line] }); // 5 March, 00:30

    expect((await daySummary("2026-03-04", "Europe/Berlin")).orders.map((o) => o.buyerName)).toEqual(["Early", "Late"]);
    // 00:30 on 5 March in Berlin, still 4 March in UTC: the day before is Berlin's 4 March.
    expect(await queueDailySummary(new Date("2026-03-04T23:30:00Z"))).toHaveLength(1);
    const [summary] = await outbox();
    expect(summary.key).toBe("dailySummary:2026-03-04:owner@example.com");
    expect(summary.mail.subject).toBe("ShopIT: your day, Mar 4, 2026");
    expect(summary.mail.text).toContain("2 orders paid on Mar 4, 2026: $20.00.");
    expect(summary.mail.text).toContain("Days are counted in the shop's time zone, Europe/Berlin.");
  });
});
