import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/openapi-check";
import { expectRefused } from "../support/api-refusals";
import { DEMO_ADMIN } from "../support/accounts";
import { startOwnShop } from "../support/own-shop";

// POST /api/v1/product/{id}/notify (a mail when a sold-out product is back) and
// POST /api/v1/unsubscribe, on a shop of the test's own (the setting changes every product page).

const TO_CONFIRM =
  "Please confirm with the link we e-mail to this address: then we will tell it when it is back in stock.";
const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));

test("asking for a back-in-stock mail: only when switched on, for a sold-out item, with an address", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const anyone = await playwright.request.newContext({ baseURL: shop.base });
  const admin = await playwright.request.newContext({ baseURL: shop.base });
  try {
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    const product = async (name: string, stock: string) => {
      const created = await admin.post("/api/v1/admin/product/new", {
        data: {
          name,
          description: "A product for the notify API.",
          category: "Home",
          seller: "Probe Seller",
          price: "10.00",
          stock,
          images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`],
        },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { product: { _id: string } }).product._id;
    };
    const soldOut = await product("Notify Probe Lamp", "0");
    const inStock = await product("Notify Probe Vase", "4");
    const notify = (id: string, data: unknown) => anyone.post(`/api/v1/product/${id}/notify`, { data });

    // Off in a new shop.
    expect((await (await anyone.get("/api/v1/settings")).json()).settings.backInStockMails).toBe(false);
    await expectRefused(
      await notify(soldOut, { email: "ada@example.com" }),
      403,
      "This shop does not send back-in-stock mails.",
    );

    const on = await admin.put("/api/v1/admin/settings", { data: { backInStockMails: true } });
    expect(on.status()).toBe(200);
    expect((await on.json()).settings).toMatchObject({
      backInStockMails: true,
      lowStockThreshold: 0,
      cartReminderHours: 0,
    });
    expect((await (await anyone.get("/api/v1/settings")).json()).settings.backInStockMails).toBe(true);

    await expectRefused(await notify(soldOut, {}), 400, "Please enter your email");
    await expectRefused(await notify(soldOut, { email: "not an address" }), 400, "Please enter valid email address");
    await expectRefused(await notify(soldOut, { email: 42 }), 400, "Please enter your email");
    await expectRefused(
      await notify(soldOut, { email: "ada@example.com", variant: "no-such-variant" }),
      400,
      "Notify Probe Lamp has no such choice.",
    );
    await expectRefused(await notify("no-such-product", { email: "ada@example.com" }), 404, "Product not found");
    await expectRefused(
      await notify(inStock, { email: "ada@example.com" }),
      409,
      "Notify Probe Vase is in stock: you can order it now.",
    );

    const asked = await notify(soldOut, { email: "  Ada@Example.com " });
    expect(asked.status()).toBe(201);
    expect(await asked.json()).toEqual({ success: true, message: TO_CONFIRM });
    // Again, and with a +tag: the same answer, one alert, one confirmation mail.
    expect(await (await notify(soldOut, { email: "ada@example.com" })).json()).toEqual({
      success: true,
      message: TO_CONFIRM,
    });
    expect((await notify(soldOut, { email: "ada+again@example.com" })).status()).toBe(201);
    // The shop has no SMTP server here: it saves each mail and logs its link.
    const links = () => [...shop.log().matchAll(/\/back-in-stock\/confirm\/([\w.-]+)/g)].map((m) => m[1]);
    await expect.poll(links).toHaveLength(1);
    const confirm = (data: unknown) => anyone.post("/api/v1/back-in-stock/confirm", { data });
    await expectRefused(await confirm({}), 400, "Please send the token of the confirmation link");
    await expectRefused(
      await confirm({ token: `${links()[0].slice(0, -2)}xx` }),
      404,
      "This confirmation link is not valid any more: the item may be back already, or the address unsubscribed.",
    );
    const confirmed = await confirm({ token: links()[0] });
    expect(confirmed.status()).toBe(200);
    expect(await confirmed.json()).toEqual({
      success: true,
      message: "We will e-mail ada@example.com once, when Notify Probe Lamp is back in stock",
    });

    // One mailbox asked for too often (any +tag, any client): 429 with Retry-After. Its other requests
    // above counted too; a fresh mailbox has RATE_LIMIT_PER_EMAIL (10) of its own.
    for (let i = 0; i < 10; i++)
      expect((await notify(soldOut, { email: `bombed+${i}@example.com` })).status()).toBe(201);
    const limited = await notify(soldOut, { email: "Bombed+more@example.com" });
    expect(limited.status()).toBe(429);
    expect((await limited.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    // Ten requests, one pending alert: one confirmation mail.
    await expect.poll(links).toHaveLength(2);
    // As a form post too.
    expect(
      (await anyone.post(`/api/v1/product/${soldOut}/notify`, { form: { email: "bea@example.com" } })).status(),
    ).toBe(201);
    // Only POST.
    expect((await anyone.put(`/api/v1/product/${soldOut}/notify`, { data: {} })).status()).toBe(405);

    // The owner's thresholds are checked and are not public.
    await expectRefused(
      await admin.put("/api/v1/admin/settings", { data: { lowStockThreshold: -1 } }),
      400,
      "Enter a number of units from 0 (no mail) to 100000",
    );
    await expectRefused(
      await admin.put("/api/v1/admin/settings", { data: { cartReminderHours: 1.5 } }),
      400,
      "Enter a number of hours from 0 (no reminders) to 720",
    );
    const settings = (await (await anyone.get("/api/v1/settings")).json()).settings as Record<string, unknown>;
    expect(settings).not.toHaveProperty("lowStockThreshold");
    expect(settings).not.toHaveProperty("cartReminderHours");
  } finally {
    await Promise.all([anyone.dispose(), admin.dispose()]);
    await shop.stop();
  }
});

test("unsubscribing through the API refuses a token the shop did not make", async ({ request }) => {
  await expectRefused(
    await request.post("/api/v1/unsubscribe", { data: {} }),
    400,
    "Please send the token of the unsubscribe link",
  );
  await expectRefused(
    await request.post("/api/v1/unsubscribe", { data: { token: "backInStock.YWRhQGV4YW1wbGUuY29t.forged" } }),
    404,
    "This unsubscribe link is not valid",
  );
  const page = await request.get("/unsubscribe/backInStock.YWRhQGV4YW1wbGUuY29t.forged");
  expect(page.status()).toBe(404);
});
