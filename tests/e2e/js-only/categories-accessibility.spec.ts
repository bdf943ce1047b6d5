import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, loginViaForm } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { startOwnShop } from "../support/own-shop";

// One walk is enough (axe reads the page as drawn), on a demo shop of its own: the categories'
// admin pages and a category's page pass axe and fit a phone.
test("the categories' admin pages and a category's page pass axe and fit a phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const context = await browser.newContext({ baseURL: shop.base });
  try {
    const page = await context.newPage();
    await loginViaForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
    const laptops = (await (await page.request.get("/api/v1/categories")).json()).categories.find(
      (c: { name: string }) => c.name === "Laptops",
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [
        "/admin/categories",
        "/admin/category",
        `/admin/category/${laptops._id}`,
        `/admin/category/${laptops._id}/delete`,
        "/category/laptops",
      ]) {
        await page.goto(url);
        expect(await wcagViolations(page), `${url} at ${width} px`).toEqual([]);
        expect(await overflowsViewport(page), `${url} at ${width} px`).toBe(false);
      }
    }
  } finally {
    await context.close();
    await shop.stop();
  }
});
