import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, loginViaForm, registerViaApi } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { startOwnShop } from "../support/own-shop";
import { addToCart } from "../support/shopping";

// One walk is enough (axe reads the page as drawn), on a demo shop of its own: the shipping and tax
// admin pages, and the shipping step with methods to choose from, pass axe and fit a phone.
test("the shipping and tax pages pass axe and fit a phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const admin = await browser.newContext({ baseURL: shop.base });
  const shopper = await browser.newContext({ baseURL: shop.base });
  try {
    const page = await admin.newPage();
    await loginViaForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
    const { zones, taxRates } = await (await page.request.get("/api/v1/admin/shipping")).json();
    const zone = zones[0];
    // A second method, so that the shopper has a choice.
    await page.request.post("/api/v1/admin/shipping-method/new", {
      data: { zoneId: zone._id, name: "Express", kind: "weight", bands: [{ upTo: 1000, price: 30 }, { price: 45 }] },
    });
    const buyer = await shopper.newPage();
    await registerViaApi(buyer, "Axe Shopper");
    await addToCart(buyer, "JBL Tune 510BT On-Ear Headphones");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [
        "/admin/shipping",
        "/admin/shipping-zone/new",
        `/admin/shipping-zone/${zone._id}`,
        `/admin/shipping-zone/${zone._id}/delete`,
        "/admin/shipping-method/new",
        `/admin/shipping-method/${zone.methods[0]._id}`,
        "/admin/tax-rate/new",
        `/admin/tax-rate/${taxRates[0]._id}`,
      ]) {
        await page.goto(url);
        expect(await wcagViolations(page), `${url} at ${width} px`).toEqual([]);
        expect(await overflowsViewport(page), `${url} at ${width} px`).toBe(false);
      }
      await buyer.setViewportSize({ width, height: 900 });
      await buyer.goto(width === 1280 ? "/shipping" : "/shipping?country=Chile");
      if (width === 1280) {
        await buyer.getByLabel("Address").fill("1 Main St");
        await buyer.getByLabel("City").fill("Springfield");
        await buyer.getByLabel("Phone No").fill("555 0100");
        await buyer.getByLabel("Postal Code").fill("12345");
        await buyer.getByLabel("Country").selectOption("United States of America");
        await buyer.getByRole("button", { name: "Continue", exact: true }).click();
        // The refusal with its choice of methods.
        await expect(buyer.getByText("Choose how your order is shipped to United States of America")).toBeVisible();
      }
      await expect(buyer.getByRole("group", { name: "Shipping method" }).getByRole("radio")).toHaveCount(2);
      expect(await wcagViolations(buyer), `/shipping at ${width} px`).toEqual([]);
      expect(await overflowsViewport(buyer), `/shipping at ${width} px`).toBe(false);
    }
    // The confirm step, the method chosen.
    await buyer.goto("/shipping");
    await buyer.getByLabel("Address").fill("1 Main St");
    await buyer.getByLabel("City").fill("Springfield");
    await buyer.getByLabel("Phone No").fill("555 0100");
    await buyer.getByLabel("Postal Code").fill("12345");
    await buyer.getByLabel("Country").selectOption("United States of America");
    await expect(buyer.getByLabel(/^Express: /)).toBeVisible();
    await buyer.getByLabel(/^Express: /).check();
    await buyer.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(buyer).toHaveURL(/\/confirm$/);
    // The pointer, left where "Continue" was, may rest on a button here: axe would read it mid-hover.
    await buyer.mouse.move(0, 0);
    expect(await wcagViolations(buyer), "/confirm").toEqual([]);
  } finally {
    await admin.close();
    await shopper.close();
    await shop.stop();
  }
});
