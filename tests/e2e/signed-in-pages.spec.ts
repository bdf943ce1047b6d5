import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { CATALOGUE_WRITE } from "./support/catalogue-write";

// Signed-in pages reuse the catalogue parts rendered for an earlier request (CachedFragment) and
// render the visitor's own parts afresh: a change to the catalogue shows at once, and nothing of
// one visitor reaches another.

const navName = (page: Page) => page.locator(".user-menu > summary");

test("signed-in shoppers see price, stock and review changes at once, each with their own name and cart", { tag: CATALOGUE_WRITE }, async ({ browser, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const word = `Signedprobe${test.info().project.name.replace(/\W/g, "")}${Date.now()}`;
  const fields = { name: `${word} Lamp`, description: "Seen by two shoppers", category: "Home", seller: "Probe Seller", price: "10.00" };
  const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
  const created = await admin.post("/api/v1/admin/product/new", {
    data: { ...fields, stock: "12", images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`] },
  });
  expect(created.status()).toBe(201);
  const { product } = await created.json();

  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  try {
    await registerViaApi(ann, "Ann Probe");
    await registerViaApi(bob, "Bob Probe");
    // Bob has one line in his cart; Ann has none.
    await bob.goto(`/product/${product._id}`);
    await bob.getByRole("button", { name: "Add to Cart" }).click();
    await expect(bob.getByTestId("toast")).toHaveText("Item Added to Cart");

    const card = (page: Page) => page.getByTestId("product-card").filter({ hasText: fields.name });
    for (const [page, name] of [
      [bob, "Bob Probe"],
      [ann, "Ann Probe"],
      [ann, "Ann Probe"],
    ] as const) {
      await page.goto(`/product/${product._id}`);
      await expect(page.getByTestId("price")).toHaveText("$10.00");
      await expect(navName(page)).toHaveText(name);
      await page.goto("/");
      await expect(card(page).getByText("$10.00")).toBeVisible();
      await expect(navName(page)).toHaveText(name);
      await page.goto(`/search/${word}`);
      await expect(card(page).getByTestId("stock-badge")).toHaveCount(0);
    }

    const updated = await admin.put(`/api/v1/admin/product/${product._id}`, { multipart: { ...fields, price: "12.50", stock: "2" } });
    expect(updated.status()).toBe(200);
    await ann.goto(`/product/${product._id}`);
    await expect(ann.getByTestId("price")).toHaveText("$12.50");
    await expect(ann.getByTestId("product-summary").getByTestId("stock-badge")).toHaveText("Only 2 left");
    await ann.goto("/");
    await expect(card(ann).getByText("$12.50")).toBeVisible();
    await ann.goto(`/search/${word}`);
    await expect(card(ann).getByTestId("stock-badge")).toHaveText("Only 2 left");

    // Bob's review shows on Ann's page at once, under his name; her navbar stays hers.
    expect((await bob.request.put("/api/v1/review", { data: { productId: product._id, rating: 4, comment: "Bright enough" } })).status()).toBe(200);
    await bob.goto(`/product/${product._id}`);
    await ann.goto(`/product/${product._id}`);
    await expect(ann.getByTestId("review").filter({ hasText: "Bright enough" })).toContainText("by Bob Probe");
    await expect(ann.getByTestId("product-summary").getByText("(1 Reviews)")).toBeVisible();
    await expect(navName(ann)).toHaveText("Ann Probe");
    await expect(ann.getByTestId("cart-count")).toHaveText("0");
    await expect(bob.getByTestId("cart-count")).toHaveText("1");
  } finally {
    await admin.delete(`/api/v1/admin/product/${product._id}`);
    await admin.dispose();
    await ann.context().close();
    await bob.context().close();
  }
});
