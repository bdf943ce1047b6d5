import { and, asc, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { mailOutbox, productVariants, products, rateLimits, shopSettings, stockAlerts, users } from "~/db/schema";
import { stockAlertSchema } from "~/lib/stock-alert-schema";
import { optionsSchema, variantsSchema } from "~/lib/variant-schema";
import type { ProductOption } from "~/lib/variants";
import { createProduct, createUser } from "../../tests/unit/fixtures";
import { drainMails } from "./email.server";
import { composeJob, type MailJob } from "./mail-jobs.server";
import { isOptedOut, optOut, readUnsubscribeToken } from "./mail-opt-outs.server";
import { saveShopSettings } from "./shop-settings.server";
import { RateLimitError } from "./rate-limit.server";
import {
  askForStockAlert,
  confirmStockAlert,
  pendingAlertsOf,
  queueBackInStockMails,
  stockAlertOfToken,
} from "./stock-alerts.server";
import { getUserById } from "./users.server";
import { saveOptions, saveVariants, variantsOf } from "./variants.server";

// Back-in-stock alerts on both engines: asked for on a sold-out item, confirmed by the address (unless
// it is the shopper's own proven one), mailed once when a sweep finds it in stock again (whoever
// restocked it), never to an address that unsubscribed; one alert per mailbox and item, and the
// requests rate-limited per client IP and per mailbox.

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await drainMails(10_000);
  await commitTogether(async (tx) => {
    await tx.delete(mailOutbox);
    await tx.delete(stockAlerts);
    await tx.delete(shopSettings);
    await tx.delete(rateLimits);
  });
  await saveShopSettings({ backInStockMails: true });
});

let n = 0;
const address = (who: string) => `${who}-${++n}@example.com`;
const ask = (email: string, variant?: string) => stockAlertSchema.parse({ email, variant });
const setStock = (productId: string, stock: number) =>
  commitTogether((tx) => tx.update(products).set({ stock }).where(eq(products.id, productId)));
const guest = { user: null, ip: "192.0.2.10" };
const signedIn = (user: { id: string; email: string; emailProvenAt: Date | null }) => ({ user, ip: "192.0.2.11" });
/** The confirmation mails queued for this address, oldest first. */
const confirmationsTo = async (email: string) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, "backInStockConfirm:%"))
      .orderBy(asc(mailOutbox.id))
  )
    .map((row) => row.payload as MailJob)
    .filter((job): job is Extract<MailJob, { kind: "backInStockConfirm" }> => job.kind === "backInStockConfirm")
    .filter((job) => job.to === email);
const tokenOf = (job: Extract<MailJob, { kind: "backInStockConfirm" }>) => job.news.confirmUrl.split("/").pop()!;
/** A guest asks, and follows the link of the latest confirmation mail to the address. */
async function askConfirmed(productId: string, email: string, variant?: string) {
  await askForStockAlert(productId, ask(email, variant), guest);
  const latest = (await confirmationsTo(email)).at(-1);
  expect(latest).toBeDefined();
  expect(await confirmStockAlert(tokenOf(latest!))).not.toBeNull();
}
const provenUser = async (name: string, proven: boolean) => {
  const id = await createUser(name);
  if (proven) await commitTogether((tx) => tx.update(users).set({ emailProvenAt: new Date() }).where(eq(users.id, id)));
  return (await getUserById(id))!;
};
const alertsOf = (productId: string) => db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));
const mailsOfKind = async () =>
  Promise.all(
    (
      await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "backInStock:%")).orderBy(asc(mailOutbox.id))
    ).map(async (row) => composeJob(row.payload as MailJob)),
  );

describe("asking for a back-in-stock mail", () => {
  it("is refused while the shop does not send them, for an unknown product, or an item in stock", async () => {
    const soldOut = await createProduct({ stock: 0 });
    const inStock = await createProduct({ stock: 3 });
    await expect(askForStockAlert("no-such-product", ask(address("a")), guest)).rejects.toMatchObject({ status: 404 });
    await expect(askForStockAlert(inStock, ask(address("a")), guest)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("is in stock"),
    });
    await expect(askForStockAlert(soldOut, ask(address("a"), "no-such-variant"), guest)).rejects.toMatchObject({
      status: 400,
      field: "variant",
    });
    await saveShopSettings({ backInStockMails: false });
    await expect(askForStockAlert(soldOut, ask(address("a")), guest)).rejects.toMatchObject({ status: 403 });
  });

  it("keeps one alert per item and address, in lower case, the account's when signed in", async () => {
    const productId = await createProduct({ stock: 0 });
    const user = await provenUser("Alert Asker", true);
    const userId = user.id;
    await askForStockAlert(productId, ask(`  ${user.email.toUpperCase()} `), signedIn(user));
    await askForStockAlert(productId, ask(user.email), signedIn(user));
    const stranger = address("guest");
    await askForStockAlert(productId, ask(stranger), guest);
    const rows = await db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));
    expect(rows.map((r) => [r.email, r.userId, r.variantId]).sort()).toEqual(
      [
        [user.email, userId, ""],
        [stranger, null, ""],
      ].sort(),
    );
  });
});

describe("the sweep", () => {
  it("mails each subscriber once when the product is back, then never again", async () => {
    const productId = await createProduct({ name: "Desk Lamp", stock: 0 });
    const [ada, bob] = [address("ada"), address("bob")];
    await askConfirmed(productId, ada);
    await askConfirmed(productId, bob);

    // Still sold out: nothing.
    expect(await queueBackInStockMails()).toEqual([]);
    await setStock(productId, 4);
    const queued = await queueBackInStockMails();
    expect(queued).toHaveLength(2);
    expect(await queueBackInStockMails()).toEqual([]);
    await drainMails(10_000);

    const mails = await mailsOfKind();
    expect(mails.map((m) => m.to).sort()).toEqual([ada, bob].sort());
    const mail = mails.find((m) => m.to === ada)!;
    expect(mail.subject).toBe("ShopIT: Desk Lamp is back in stock");
    expect(mail.text).toContain(`/product/${productId}`);
    const link = mail.text.match(/https?:\/\/\S+\/unsubscribe\/([^\s\]]+)/);
    expect(readUnsubscribeToken(link?.[1])).toEqual({ email: ada, kind: "backInStock" });
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${link?.[0]}>`);
    expect(await pendingAlertsOf(ada)).toEqual([]);

    // Sold out and back again: the alert was spent.
    await setStock(productId, 0);
    await setStock(productId, 2);
    expect(await queueBackInStockMails()).toEqual([]);
    // Asked anew after the mail: mailed anew.
    await setStock(productId, 0);
    await askConfirmed(productId, ada);
    await setStock(productId, 1);
    expect((await queueBackInStockMails()).map((m) => m.job)).toMatchObject([{ kind: "backInStock", to: ada }]);
  });

  it("two sweeps at once mail each alert once", async () => {
    const productId = await createProduct({ stock: 0 });
    const emails = [address("c1"), address("c2"), address("c3")];
    for (const email of emails) await askConfirmed(productId, email);
    await setStock(productId, 1);
    const [first, second] = await Promise.all([queueBackInStockMails(), queueBackInStockMails()]);
    expect(first.length + second.length).toBe(3);
    const rows = await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "backInStock:%"));
    expect(rows).toHaveLength(3);
  });

  it("mails no address that unsubscribed, and its pending alerts are gone", async () => {
    const productId = await createProduct({ stock: 0 });
    const [keeps, leaves] = [address("keeps"), address("leaves")];
    await askConfirmed(productId, keeps);
    await askConfirmed(productId, leaves);
    await optOut(leaves, "backInStock");
    expect(await pendingAlertsOf(leaves)).toEqual([]);
    // Asking again as a guest stores nothing (the answer is the same).
    expect((await askForStockAlert(productId, ask(leaves), guest)).toConfirm).toBe(true);
    expect(await pendingAlertsOf(leaves)).toEqual([]);
    await setStock(productId, 5);
    expect((await queueBackInStockMails()).map((m) => m.job)).toMatchObject([{ to: keeps }]);
  });

  it("a signed-in shopper asking for their own proven address opts it back in", async () => {
    const productId = await createProduct({ stock: 0 });
    const user = await provenUser("Back Again", true);
    await optOut(user.email, "backInStock");
    await askForStockAlert(productId, ask(user.email), signedIn(user));
    expect(await isOptedOut(user.email, "backInStock")).toBe(false);
    await setStock(productId, 1);
    expect((await queueBackInStockMails()).map((m) => m.job)).toMatchObject([{ to: user.email }]);
  });

  it("waits while the setting is off", async () => {
    const productId = await createProduct({ stock: 0 });
    await askConfirmed(productId, address("w"));
    await saveShopSettings({ backInStockMails: false });
    await setStock(productId, 1);
    expect(await queueBackInStockMails()).toEqual([]);
    await saveShopSettings({ backInStockMails: true });
    expect(await queueBackInStockMails()).toHaveLength(1);
  });

  it("follows a variant's own stock; an alert without a variant, any of them", async () => {
    const options: ProductOption[] = [{ name: "Memory", values: ["8 GB", "16 GB"] }];
    const productId = await createProduct({ name: "Laptop", stock: 0 });
    await saveOptions(productId, optionsSchema.parse({ options }));
    await saveVariants(
      productId,
      variantsSchema(options, { fromForm: false }).parse({
        variants: [
          { title: "8 GB", price: "500", stock: "0" },
          { title: "16 GB", price: "700", stock: "0" },
        ],
      }),
    );
    const { variants } = await variantsOf(productId);
    const [small, big] = ["8 GB", "16 GB"].map((t) => variants.find((v) => v.title === t)!.id);
    const [wantsBig, wantsAny] = [address("big"), address("any")];
    await askConfirmed(productId, wantsBig, big);
    await askConfirmed(productId, wantsAny);

    // The small one back: the product has stock, the big one not.
    await saveVariants(
      productId,
      variantsSchema(options, { fromForm: false }).parse({
        variants: [
          { title: "8 GB", price: "500", stock: "2" },
          { title: "16 GB", price: "700", stock: "0" },
        ],
      }),
    );
    expect((await variantsOf(productId)).variants.find((v) => v.id === small)?.stock).toBe(2);
    expect((await queueBackInStockMails()).map((m) => m.job)).toMatchObject([{ to: wantsAny }]);
    await commitTogether((tx) => tx.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, big)));
    const [mail] = await queueBackInStockMails();
    expect(mail.job).toMatchObject({ to: wantsBig, news: { itemName: "Laptop (16 GB)" } });
    expect((mail.job as Extract<MailJob, { kind: "backInStock" }>).news.productUrl).toContain(`?variant=${big}`);
  });
});
