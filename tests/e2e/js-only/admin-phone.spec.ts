import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "../support/accounts";
import { placeOrder } from "../support/orders";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { signInAs } from "../support/sign-in";

test.use({ viewport: { width: 390, height: 844 } });

test("at 390 px every admin table fits the screen, its actions visible, and passes axe", async ({ page, browser }) => {
  // An order placed, then axe over every admin table: a walk of many pages. The limit guards
  // against a hang, not the speed (which on a loaded machine passed 60 s).
  test.setTimeout(150_000);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await registerViaApi(buyer, "Phone Buyer");
  await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle");
  await buyerContext.close();
  await signInAs(page, DEMO_ADMIN.email);
  for (const url of [
    "/admin/orders",
    "/admin/products",
    "/admin/users",
    "/admin/reviews",
    "/admin/products?stock=low",
  ]) {
    await page.goto(url);
    const first = page.locator("tbody tr").first();
    await expect(first.getByRole("cell").first(), url).toBeVisible();
    expect(await overflowsViewport(page), `${url} overflows`).toBe(false);
    // The last action of the first row is within the screen's width, not off to the right.
    const box = await first.locator("td:last-child").locator("a, button").last().boundingBox();
    expect(box, url).not.toBeNull();
    expect(box!.x, url).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, url).toBeLessThanOrEqual(390);
    // Ids are shortened; the full id is in the title.
    const id = first.locator("[title]").first();
    if (await id.count()) expect((await id.getAttribute("title"))!.length).toBeGreaterThan(8);
    expect(await wcagViolations(page), url).toEqual([]);
  }
});
