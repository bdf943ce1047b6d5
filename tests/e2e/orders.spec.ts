import { expect, test } from "@playwright/test";
import { registerViaApi } from "./support/accounts";
import { placeOrder } from "./support/orders";

test("My Orders: 10 rows a page, page buttons, rows per page, sorting and search, all in the URL", async ({ page }) => {
  await registerViaApi(page, "Many Orders");
  const placed = [];
  for (let i = 0; i < 12; i++) placed.push(await placeOrder(page.request, i % 2 ? "Atomic Habits by James Clear" : "CeraVe Moisturising Cream 454 g", 1 + (i % 3)));

  await page.goto("/orders/me");
  await expect(page).toHaveTitle("My Orders - ShopIT");
  for (const header of ["Order ID", "Num of Items", "Amount", "Status", "Actions"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  await expect(page.getByLabel("Rows per page:")).toHaveValue("10");

  const pager = page.getByRole("navigation", { name: "Table pages" });
  await pager.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);

  await page.goto("/orders/me?size=20");
  await expect(rows).toHaveCount(12);
  await expect(pager).toHaveCount(0);

  await page.getByRole("link", { name: /Amount/ }).click();
  await expect(page).toHaveURL(/sort=totalPrice&dir=asc/);
  const amounts = (await rows.locator("td:nth-child(3)").allTextContents()).map((t) => Number(t.replace(/[$,]/g, "")));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill(placed[5]._id);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(placed[5]._id);
  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("no-such-order");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No matching records found")).toBeVisible();
});

test("a visitor opening My Orders is sent to login", async ({ page }) => {
  await page.goto("/orders/me");
  await expect(page).toHaveURL(/\/lgn\?redirectTo=%2Forders%2Fme$/);
  await expect(page.getByTestId("toast")).toHaveText("Login to view the resources");
});
