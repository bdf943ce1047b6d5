import { expect, test } from "@playwright/test";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { startOwnShop } from "../support/own-shop";

// The home page of a shop with no product yet (SEED=none), which no other walk sees: no axe
// violation, and nothing off a 390 px screen. axe needs JavaScript.

test("an empty shop's home passes axe at desktop width and on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  const shop = await startOwnShop({ SEED: "none" });
  try {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(shop.base);
      await expect(page.getByTestId("empty-shop")).toBeVisible();
      expect.soft(await wcagViolations(page), `${width} px`).toEqual([]);
      if (width === 390) expect.soft(await overflowsViewport(page)).toBe(false);
    }
  } finally {
    await shop.stop();
  }
});
