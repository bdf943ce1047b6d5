import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { overflowsViewport } from "./support/axe";
import { overlap, within } from "./support/layout";
import { signInAs } from "./support/sign-in";

// A 390 px phone: two product cards a row, the admin sidebar folded behind a button, and the
// dashboard chart's labels at a readable size. Wider screens keep the sidebar as it was.

const PHONE = { width: 390, height: 844 };

async function asAdmin(page: Page) {
  await signInAs(page, DEMO_ADMIN.email);
}

test("home, search and category pages show two product cards a row on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const url of ["/", "/search/laptop", "/search?category=Laptops"]) {
    await page.goto(url);
    const cards = page.getByTestId("product-card");
    await expect(cards.nth(3), url).toBeVisible();
    const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!));
    expect(a.y, url).toBe(b.y);
    expect(c.y, url).toBe(d.y);
    expect(c.y, url).toBeGreaterThan(a.y + a.height - 1);
    expect(b.x, url).toBeGreaterThan(a.x + a.width - 1);
    expect(b.x + b.width, url).toBeLessThanOrEqual(PHONE.width);
    expect(await overflowsViewport(page), url).toBe(false);
  }
});

test("on a phone the admin menu folds behind a button, the page heading in the first screen", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await asAdmin(page);
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Admin" });
  const button = nav.getByText("Admin menu");
  await expect(button).toBeVisible();
  await expect(nav.getByRole("link")).toHaveCount(0);
  const heading = page.getByRole("heading", { level: 1, name: "Dashboard" });
  expect((await heading.boundingBox())!.y).toBeLessThan(PHONE.height / 2);

  await button.click();
  await expect(nav.getByRole("link")).toHaveCount(12);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Orders");
  // The next page opens with the menu folded again.
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(button).toBeVisible();
  expect(await overflowsViewport(page)).toBe(false);
});

test("on a wide screen the admin sidebar shows its links, no button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await asAdmin(page);
  await page.goto("/admin/products");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByText("Admin menu")).toBeHidden();
  await expect(nav.getByRole("link")).toHaveText([
    "Dashboard",
    "Products: All",
    "Products: Create",
    "Orders",
    "Returns",
    "Users",
    "Reviews",
    "Categories",
    "Pages",
    "Shipping and tax",
    "Discounts",
    "Settings",
  ]);
  const sidebar = (await nav.boundingBox())!;
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  // Beside the page, not above it.
  expect(heading.x).toBeGreaterThan(sidebar.x + sidebar.width - 1);
  await nav.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
});

test("on a phone the dashboard chart's labels are readable: full size, apart, inside the chart", async ({
  page,
  browser,
}) => {
  const buyer = await browser.newContext();
  await registerViaApi(await buyer.newPage(), "Chart Buyer");
  await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle");
  await buyer.close();
  await page.setViewportSize(PHONE);
  await asAdmin(page);
  await page.goto("/dashboard");
  const figure = page.locator("figure").filter({ has: page.getByTestId("sales-chart") });
  const labels = figure.getByTestId("chart-label");
  await expect(labels).toHaveCount(4);
  // The days are the shop's (UTC on the shared shop), written as its dates are.
  const today = new Date().toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
  await expect(labels.nth(3)).toHaveText(today);
  await expect(labels.nth(0)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const frame = (await figure.boundingBox())!;
  const boxes = [];
  for (const label of await labels.all()) {
    const size = await label.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
    const box = (await label.boundingBox())!;
    expect(within(box, frame), await label.innerText()).toBe(true);
    boxes.push(box);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j]), `labels ${i} and ${j}`).toBe(false);
  expect(await overflowsViewport(page)).toBe(false);
});
