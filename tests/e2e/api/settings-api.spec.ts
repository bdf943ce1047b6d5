import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/openapi-check";
import { expectRefused } from "../support/api-refusals";
import { DEMO_ADMIN, DEMO_SHOPPER } from "../support/accounts";
import { startOwnShop } from "../support/own-shop";
import { fuzzAsAdmin } from "../support/admin-fuzz";

// The shop's settings through /api/v1, on a shop of the test's own (the settings change every page).

const png = fs.readFileSync(path.resolve("public/images/profile.png"));
const dataUrl = `data:image/png;base64,${png.toString("base64")}`;

type Settings = Record<string, unknown> & { name: string; currency: string; logoUrl: string | null };

test("read by anyone, changed by an admin only, each field checked, pictures as data URLs or files", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const anyone = await playwright.request.newContext({ baseURL: shop.base });
  const shopper = await playwright.request.newContext({ baseURL: shop.base });
  const admin = await playwright.request.newContext({ baseURL: shop.base });
  try {
    const before = (await (await anyone.get("/api/v1/settings")).json()) as { settings: Settings };
    expect(before.settings).toMatchObject({ name: "ShopIT", currency: "USD", locale: "en-US", logoUrl: null });
    // null: the home page shows every category the storefront lists.
    expect(before.settings.heroCategories).toBeNull();

    await expectRefused(
      await anyone.put("/api/v1/admin/settings", { data: { name: "Mine" } }),
      401,
      "Login first to access this resource.",
    );
    await shopper.post("/api/v1/login", { data: { email: DEMO_SHOPPER.email, password: DEMO_SHOPPER.password } });
    await expectRefused(
      await shopper.put("/api/v1/admin/settings", { data: { name: "Mine" } }),
      403,
      "Role (user) is not allowed to access this resource",
    );

    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    for (const [change, message] of [
      [{ name: "" }, "Enter the shop's name"],
      [{ currency: "XBT" }, "Choose one of the listed currencies"],
      [{ locale: 7 }, "Choose one of the listed languages"],
      [
        { heroLink: "javascript:alert(document.cookie)" },
        "Enter a page of the shop (starting with /) or a web address (starting with https://)",
      ],
      [{ heroLinkLabel: "" }, "Enter the button's label"],
      [{ heroCategories: ["Laptops", "Spaceships"] }, "Choose categories from the list"],
      [{ contactEmail: "nobody" }, "Enter an e-mail address, such as owner@example.com"],
      [{ logo: "data:image/png;base64,bm90IGEgcGljdHVyZQ==" }, "Please choose a JPEG, PNG or WebP image."],
      // A number is a number: not true (read as 1 before), nor [], "" or null (read as 0).
      ...[true, [], "", null].map(
        (returnWindowDays) => [{ returnWindowDays }, "Enter a number of days from 0 (no returns) to 365"] as const,
      ),
      [{ lowStockThreshold: false }, "Enter a number of units from 0 (no mail) to 100000"],
      [{ cartReminderHours: [] }, "Enter a number of hours from 0 (no reminders) to 720"],
    ] as const) {
      await expectRefused(await admin.put("/api/v1/admin/settings", { data: change }), 400, message);
    }
    // Nothing of the refused changes was kept.
    expect(((await (await anyone.get("/api/v1/settings")).json()) as { settings: Settings }).settings).toEqual(
      before.settings,
    );

    const changed = await admin.put("/api/v1/admin/settings", {
      data: { name: "Api Shop", currency: "GBP", locale: "en-GB", heroCategories: ["Cameras"], logo: dataUrl },
    });
    expect(changed.status()).toBe(200);
    const saved = ((await changed.json()) as { settings: Settings }).settings;
    expect(saved).toMatchObject({ name: "Api Shop", currency: "GBP", heroCategories: ["Cameras"] });
    expect(saved.logoUrl).toMatch(/^\/uploads\/shop\/[a-z0-9]+\.webp$/);
    expect((await anyone.get(saved.logoUrl!)).headers()["content-type"]).toBe("image/webp");
    // The other settings stayed as they were.
    expect(saved.heroTitle).toBe(before.settings.heroTitle);

    // The storefront shows them at once, prices in pounds.
    const home = await (await anyone.get("/")).text();
    expect(home).toContain("Api Shop");
    expect(home).toMatch(/£[\d,]+\.\d\d/);
    expect(home).not.toMatch(/\$[\d,]+\.\d\d/);

    // A hero picture as a file, and the logo removed, in one multipart call.
    const multipart = await admin.put("/api/v1/admin/settings", {
      multipart: { heroImage: { name: "hero.png", mimeType: "image/png", buffer: png }, logoRemove: "true" },
    });
    expect(multipart.status()).toBe(200);
    const after = ((await multipart.json()) as { settings: Settings }).settings;
    expect(after.logoUrl).toBeNull();
    expect(after.heroImageUrl).toMatch(/^\/uploads\/shop\/[a-z0-9]+\.webp$/);
    expect((await anyone.get(saved.logoUrl!)).status()).toBe(404);
    expect((await (await admin.get("/api/v1/admin/settings")).json()).settings).toEqual(after);

    // The fuzz corpus, as an admin (on the shared shop it goes anonymously: fuzz.spec.ts).
    const fuzzed = await fuzzAsAdmin(shop.base, ["/api/v1/admin/settings", "/admin/settings"]);
    expect(fuzzed).toEqual({ serverErrors: [], closedEarly: [], undocumented: [] });
  } finally {
    await Promise.all([anyone.dispose(), shopper.dispose(), admin.dispose()]);
    await shop.stop();
  }
});
