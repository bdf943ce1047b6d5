import { asc, eq, like } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { mailOutbox, productVariants, products, rateLimits, shopSettings, stockAlerts, users } from "~/db/schema";
import { stockAlertSchema } from "~/lib/stock-alert-schema";
import { optionsSchema, variantsSchema } from "~/lib/variant-schema";
import type { ProductOption } from "~/lib/variants";
import { createProduct, createUser } from "../../../tests/unit/fixtures";
import { drainMails, composeJob, type MailJob, isOptedOut, optOut, readUnsubscribeToken } from "~/models/mail";
import { saveShopSettings } from "~/models/settings";
import { RateLimitError } from "~/models/platform";
import {
  askForStockAlert,
  confirmStockAlert,
  pendingAlertsOf,
  queueBackInStockMails,
  stockAlertOfToken,
} from "./stock-alerts.server";
import { getUserById } from "~/models/accounts";
import { saveOptions, saveVariants, variantsOf } from "~/models/catalogue";

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

describe("one mailbox, confirmed by its owner", () => {
  it("+tag variants and case are one alert, and one confirmation mail while it is pending", async () => {
    const productId = await createProduct({ name: "Tea Pot", stock: 0 });
    const local = `tagged-${++n}`;
    const answers = [];
    for (const email of [`${local}+a@example.com`, `${local.toUpperCase()}+B@Example.com`, `${local}@example.com`])
      answers.push(await askForStockAlert(productId, ask(email), guest));
    await Promise.all(answers.map((a) => a.delivery));
    // The same answer each time.
    expect(answers.map((a) => a.toConfirm)).toEqual([true, true, true]);
    const rows = await alertsOf(productId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: `${local}+a@example.com`,
      mailbox: `${local}@example.com`,
      confirmedAt: null,
    });
    const [mail, ...more] = await confirmationsTo(`${local}+a@example.com`);
    expect(more).toEqual([]);
    expect(await confirmationsTo(`${local}@example.com`)).toEqual([]);

    const composed = await composeJob(mail);
    expect(composed.subject).toBe("ShopIT: confirm a mail when Tea Pot is back");
    expect(composed.text).toContain("/back-in-stock/confirm/");
    // Its unsubscribe link names the mailbox: it stops every +tag of it.
    const unsubscribe = composed.text.match(/https?:\/\/\S+\/unsubscribe\/([^\s\]]+)/);
    expect(readUnsubscribeToken(unsubscribe?.[1])).toEqual({ email: `${local}@example.com`, kind: "backInStock" });
    await optOut(`${local}@example.com`, "backInStock");
    expect(await alertsOf(productId)).toEqual([]);
    await askForStockAlert(productId, ask(`${local}+c@example.com`), guest);
    expect(await alertsOf(productId)).toEqual([]);
  });

  it("a guest's alert is mailed only once confirmed; the link's GET side changes nothing", async () => {
    const productId = await createProduct({ name: "Kettle", stock: 0 });
    const email = address("confirms");
    await askForStockAlert(productId, ask(email), guest);
    const [mail] = await confirmationsTo(email);
    await setStock(productId, 3);
    expect(await queueBackInStockMails()).toEqual([]);

    const token = tokenOf(mail);
    expect(await stockAlertOfToken(token)).toMatchObject({ email, itemName: "Kettle", confirmed: false });
    expect(await stockAlertOfToken(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(await confirmStockAlert(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(await queueBackInStockMails()).toEqual([]);
    expect(await confirmStockAlert(token)).toEqual({ email, itemName: "Kettle" });
    expect(await confirmStockAlert(token)).toEqual({ email, itemName: "Kettle" });
    expect((await queueBackInStockMails()).map((m) => m.job)).toMatchObject([{ kind: "backInStock", to: email }]);
    // Mailed: the link is spent.
    expect(await confirmStockAlert(token)).toBeNull();

    // Asked anew after the mail: a new confirmation, which the old link does not give.
    await setStock(productId, 0);
    await askForStockAlert(productId, ask(email), guest);
    const confirmations = await confirmationsTo(email);
    expect(confirmations).toHaveLength(2);
    expect(await confirmStockAlert(token)).toBeNull();
    await setStock(productId, 1);
    expect(await queueBackInStockMails()).toEqual([]);
    expect(await confirmStockAlert(tokenOf(confirmations[1]))).not.toBeNull();
    expect(await queueBackInStockMails()).toHaveLength(1);
  });

  it("the shopper's own proven address needs no confirmation; an unproven one does, and is not opted back in", async () => {
    const productId = await createProduct({ stock: 0 });
    const proven = await provenUser("Proven Owner", true);
    const unproven = await provenUser("Unproven Owner", false);

    expect((await askForStockAlert(productId, ask(proven.email), signedIn(proven))).toConfirm).toBe(false);
    expect(await confirmationsTo(proven.email)).toEqual([]);

    expect((await askForStockAlert(productId, ask(unproven.email), signedIn(unproven))).toConfirm).toBe(true);
    expect(await confirmationsTo(unproven.email)).toHaveLength(1);
    const rows = await alertsOf(productId);
    expect(rows.find((r) => r.email === proven.email)?.confirmedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.email === unproven.email)).toMatchObject({ userId: unproven.id, confirmedAt: null });
    await setStock(productId, 2);
    expect((await queueBackInStockMails()).map((m) => m.job)).toMatchObject([{ to: proven.email }]);

    // An unproven account cannot opt an address back in that unsubscribed.
    const other = await createProduct({ stock: 0 });
    await optOut(unproven.email, "backInStock");
    await askForStockAlert(other, ask(unproven.email), signedIn(unproven));
    expect(await isOptedOut(unproven.email, "backInStock")).toBe(true);
    expect(await alertsOf(other)).toEqual([]);
  });

  it("a pending alert of the shopper's proven address is confirmed by asking for it signed in", async () => {
    const productId = await createProduct({ stock: 0 });
    const owner = await provenUser("Late Owner", true);
    await askForStockAlert(productId, ask(owner.email), guest);
    expect((await alertsOf(productId))[0].confirmedAt).toBeNull();
    await askForStockAlert(productId, ask(owner.email), signedIn(owner));
    expect((await alertsOf(productId))[0].confirmedAt).toBeInstanceOf(Date);
    expect(await confirmationsTo(owner.email)).toHaveLength(1);
  });
});

describe("the rate limits", () => {
  it("refuse a mailbox asked for too often, whatever its +tags and client addresses, with 429 and Retry-After", async () => {
    const productId = await createProduct({ stock: 0 });
    const local = `bombed-${++n}`;
    for (let i = 0; i < config.rateLimits.perEmail; i++)
      await askForStockAlert(productId, ask(`${local}+${i}@example.com`), { user: null, ip: `203.0.113.${i}` });
    const refused = askForStockAlert(productId, ask(`${local}+x@example.com`), { user: null, ip: "203.0.113.99" });
    await expect(refused).rejects.toBeInstanceOf(RateLimitError);
    await expect(refused).rejects.toMatchObject({
      status: 429,
      headers: { "Retry-After": expect.stringMatching(/^\d+$/) },
    });
    // Another mailbox from the same client is still heard.
    await expect(
      askForStockAlert(productId, ask(address("neighbour")), { user: null, ip: "203.0.113.99" }),
    ).resolves.toMatchObject({ toConfirm: true });
    expect(await confirmationsTo(`${local}+0@example.com`)).toHaveLength(1);
  });

  it("refuse a client address that asks too often, whatever it asks for", async () => {
    const ip = "203.0.113.200";
    // Every request counts, refused or not.
    for (let i = 0; i < config.rateLimits.perIp; i++)
      await expect(
        askForStockAlert("no-such-product", ask(address("spray")), { user: null, ip }),
      ).rejects.toMatchObject({
        status: 404,
      });
    const productId = await createProduct({ stock: 0 });
    await expect(askForStockAlert(productId, ask(address("late")), { user: null, ip })).rejects.toMatchObject({
      status: 429,
    });
    await expect(
      askForStockAlert(productId, ask(address("late")), { user: null, ip: "203.0.113.201" }),
    ).resolves.toBeDefined();
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
      variantsSchema(options, { fromForm: false, locale: "en-US" }).parse({
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
      variantsSchema(options, { fromForm: false, locale: "en-US" }).parse({
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
