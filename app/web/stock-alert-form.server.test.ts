import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { mailOutbox, rateLimits, shopSettings, stockAlerts } from "~/db/schema";
import { type MailJob, isOptedOut, unsubscribeToken } from "~/models/mail";
import { db } from "~/db/client.server";
import { eq, like } from "drizzle-orm";
import { saveShopSettings } from "~/models/settings";
import { askForStockAlert, pendingAlertsOf } from "~/models/inventory";
import { stockAlertSchema } from "~/lib/stock-alert-schema";
import { action as productAction, loader as productLoader } from "~/routes/shop/product.$id";
import { action as confirmAction, loader as confirmLoader } from "~/routes/shop/back-in-stock.confirm.$token";
import { action as confirmApiAction } from "~/routes/api/v1/back-in-stock.confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/account/unsubscribe.$token";
import { createProduct } from "../../tests/unit/fixtures";
import { settle, statusOf } from "../../tests/unit/route-answers";

// The pages of the mails that bring shoppers back, called as Remix calls them: the product page's
// "Tell me when it's back" form, and the unsubscribe link (a GET that changes nothing, a POST that does).

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await commitTogether(async (tx) => {
    await tx.delete(shopSettings);
    await tx.delete(rateLimits);
  });
});

const args = (url: string, init?: RequestInit, params: Record<string, string> = {}, clientIp = "127.0.0.1") => ({
  request: new Request(`http://localhost${url}`, init),
  params,
  context: { clientIp },
});
const post = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("the product page's form", () => {
  it("is offered for a sold-out product only when the shop sends these mails", async () => {
    const id = await createProduct({ stock: 0 });
    const inStock = await createProduct({ stock: 2 });
    expect((await productLoader(args(`/product/${id}`, undefined, { id }) as never)).stockAlert).toBeNull();
    await saveShopSettings({ backInStockMails: true });
    expect((await productLoader(args(`/product/${id}`, undefined, { id }) as never)).stockAlert).toEqual({ email: "" });
    expect(
      (await productLoader(args(`/product/${inStock}`, undefined, { id: inStock }) as never)).stockAlert,
    ).toBeNull();
  });

  it("says what is wrong with the address and keeps it; a good one goes back to the product with a toast", async () => {
    await saveShopSettings({ backInStockMails: true });
    const id = await createProduct({ stock: 0 });
    const refused = (await productAction(
      args(`/product/${id}`, post({ intent: "notify", email: "nope" }), { id }) as never,
    )) as unknown as { data: unknown; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      stockAlert: true,
      fieldErrors: { email: "Please enter valid email address" },
      repopulateFields: { email: "nope" },
    });

    const saved = (await settle(() =>
      productAction(args(`/product/${id}`, post({ intent: "notify", email: "Form@Example.com" }), { id }) as never),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/product/${id}`);
    expect(saved.headers.get("Set-Cookie")).toBeTruthy();
    expect(await pendingAlertsOf("form@example.com")).toHaveLength(1);
  });

  it("past the rate limit, says so above the form and keeps what was typed (429)", async () => {
    await saveShopSettings({ backInStockMails: true });
    const id = await createProduct({ stock: 0 });
    const ask = (email: string) =>
      settle(() =>
        productAction(args(`/product/${id}`, post({ intent: "notify", email }), { id }, "192.0.2.77") as never),
      );
    for (let i = 0; i < config.rateLimits.perEmail; i++)
      expect(statusOf(await ask(`limit+${i}@example.com`))).toBe(302);
    const refused = (await ask("Limit+more@example.com")) as { data: unknown; init: { status: number } };
    expect(refused.init.status).toBe(429);
    expect(refused.data).toMatchObject({
      stockAlert: true,
      formError: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      repopulateFields: { email: "Limit+more@example.com" },
    });
  });
});

describe("the confirmation link of a back-in-stock request", () => {
  it("shows a button without confirming; the button's POST (or the API) confirms; a forged token is a 404", async () => {
    await saveShopSettings({ backInStockMails: true });
    const productId = await createProduct({ name: "Rain Coat", stock: 0 });
    await askForStockAlert(productId, stockAlertSchema.parse({ email: "coat@example.com" }), {
      user: null,
      ip: "192.0.2.78",
    });
    const job = (await db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, "backInStockConfirm:%")))
      .map((row) => row.payload as Extract<MailJob, { kind: "backInStockConfirm" }>)
      .find((queued) => queued.to === "coat@example.com")!;
    const token = job.news.confirmUrl.split("/").pop()!;
    const confirmedAt = async () =>
      (await db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId)))[0].confirmedAt;

    const shown = await confirmLoader(args(`/back-in-stock/confirm/${token}`, undefined, { token }) as never);
    expect(shown).toEqual({ email: "coat@example.com", itemName: "Rain Coat" });
    expect(await confirmedAt()).toBeNull();
    expect(await confirmAction(args(`/back-in-stock/confirm/${token}`, post({}), { token }) as never)).toEqual({
      done: true,
    });
    expect(await confirmedAt()).toBeInstanceOf(Date);

    const api = (body: unknown) =>
      confirmApiAction(
        args("/api/v1/back-in-stock/confirm", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }) as never,
      );
    const again = await api({ token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      success: true,
      message: "We will e-mail coat@example.com once, when Rain Coat is back in stock",
    });
    expect((await api({})).status).toBe(400);

    const forged = `${token.slice(0, -2)}xx`;
    expect(statusOf(await settle(() => confirmLoader(args("/", undefined, { token: forged }) as never)))).toBe(404);
    expect(statusOf(await settle(() => confirmAction(args("/", post({}), { token: forged }) as never)))).toBe(404);
    expect((await api({ token: forged })).status).toBe(404);
  });
});

describe("the unsubscribe link", () => {
  it("shows a button without changing anything; the button's POST unsubscribes; a forged token is a 404", async () => {
    const token = unsubscribeToken("link@example.com", "cartReminder");
    const shown = await unsubscribeLoader(args(`/unsubscribe/${token}`, undefined, { token }) as never);
    expect(shown).toEqual({ email: "link@example.com", what: "reminders of a cart you left" });
    expect(await isOptedOut("link@example.com", "cartReminder")).toBe(false);

    expect(await unsubscribeAction(args(`/unsubscribe/${token}`, post({}), { token }) as never)).toEqual({
      done: true,
    });
    expect(await isOptedOut("link@example.com", "cartReminder")).toBe(true);

    const forged = `${token.slice(0, -2)}xx`;
    expect(statusOf(await settle(() => unsubscribeLoader(args("/", undefined, { token: forged }) as never)))).toBe(404);
    expect(statusOf(await settle(() => unsubscribeAction(args("/", post({}), { token: forged }) as never)))).toBe(404);
  });
});
