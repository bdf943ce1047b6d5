import { expect, test, type Page } from "@playwright/test";
import { probeProduct, probeWord } from "./helpers";
import { registerViaApi } from "./support/accounts";
import { CATALOGUE_WRITE } from "./support/catalogue-write";

// Signed-in pages reuse the catalogue parts rendered for an earlier request (CachedFragment) and
// render the visitor's own parts afresh: a change to the catalogue shows at once, and nothing of
// one visitor reaches another.

const navName = (page: Page) => page.locator(".user-menu > summary");

test(
  "signed-in shoppers see price, stock and review changes at once, each with their own name and cart",
  { tag: CATALOGUE_WRITE },
  async ({ browser, playwright, baseURL }) => {
    const word = probeWord("Signedprobe", test.info().project.name);
    const { admin, fields, id, remove } = await probeProduct(playwright, baseURL, {
      word,
      name: "Lamp",
      description: "Seen by two shoppers",
      stock: "12",
    });
    const ann = await (await browser.newContext()).newPage();
    const bob = await (await browser.newContext()).newPage();
    try {
      await registerViaApi(ann, "Ann Probe");
      await registerViaApi(bob, "Bob Probe");
      // Bob has one line in his cart; Ann has none.
      await bob.goto(`/product/${id}`);
      await bob.getByRole("button", { name: "Add to Cart" }).click();
      await expect(bob.getByTestId("toast")).toHaveText("Item added to cart");

      const card = (page: Page) => page.getByTestId("product-card").filter({ hasText: fields.name });
      for (const [page, name] of [
        [bob, "Bob Probe"],
        [ann, "Ann Probe"],
        [ann, "Ann Probe"],
      ] as const) {
        await page.goto(`/product/${id}`);
        await expect(page.getByTestId("price")).toHaveText("$10.00");
        await expect(navName(page)).toHaveText(name);
        await page.goto("/");
        await expect(card(page).getByText("$10.00")).toBeVisible();
        await expect(navName(page)).toHaveText(name);
        await page.goto(`/search/${word}`);
        await expect(card(page).getByTestId("stock-badge")).toHaveCount(0);
      }

      const updated = await admin.put(`/api/v1/admin/product/${id}`, {
        multipart: { ...fields, price: "12.50", stock: "2" },
      });
      expect(updated.status()).toBe(200);
      await ann.goto(`/product/${id}`);
      await expect(ann.getByTestId("price")).toHaveText("$12.50");
      await expect(ann.getByTestId("product-summary").getByTestId("stock-badge")).toHaveText("Only 2 left");
      await ann.goto("/");
      await expect(card(ann).getByText("$12.50")).toBeVisible();
      await ann.goto(`/search/${word}`);
      await expect(card(ann).getByTestId("stock-badge")).toHaveText("Only 2 left");

      // Bob's review shows on Ann's page at once, under his name; her navbar stays hers.
      expect(
        (
          await bob.request.put("/api/v1/review", { data: { productId: id, rating: 4, comment: "Bright enough" } })
        ).status(),
      ).toBe(200);
      await bob.goto(`/product/${id}`);
      await ann.goto(`/product/${id}`);
      await expect(ann.getByTestId("review").filter({ hasText: "Bright enough" })).toContainText("by Bob Probe");
      await expect(ann.getByTestId("product-summary").getByText("(1 review)", { exact: true })).toBeVisible();
      await expect(ann.getByRole("heading", { name: "Reviews from other shoppers" })).toBeVisible();
      await expect(navName(ann)).toHaveText("Ann Probe");
      await expect(ann.getByTestId("cart-count")).toHaveText("0");
      await expect(bob.getByTestId("cart-count")).toHaveText("1");
    } finally {
      await remove();
      await ann.context().close();
      await bob.context().close();
    }
  },
);
