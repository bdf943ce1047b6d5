import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { receivesClicks } from "./support/layout";
import { signInAs } from "./support/sign-in";

// The user menu is a <details> over the page. Whichever of its links is used, the next page shows
// with the menu closed and nothing of that page hidden under it (with JavaScript the router keeps
// the menu's element across the navigation, so it has to close itself).

const menu = (page: Page) => page.locator(".user-menu");

async function openMenu(page: Page) {
  await menu(page).locator("summary").click();
  await expect(menu(page).getByRole("link", { name: "Orders" })).toBeVisible();
}

async function expectMenuClosed(page: Page) {
  await expect(menu(page)).not.toHaveAttribute("open");
  await expect(menu(page).getByRole("link", { name: "Orders" })).toBeHidden();
}

test("on a phone, the menu's Orders link opens My Orders with the menu closed and its controls free", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page, "Menu Shopper");
  await placeOrder(page.request, "Atomic Habits by James Clear");
  await page.goto("/");
  await openMenu(page);
  await menu(page).getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/orders\/me$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  await expectMenuClosed(page);
  const main = page.getByRole("main");
  for (const control of [
    main.getByRole("searchbox", { name: "Search" }),
    main.getByRole("button", { name: "Search" }),
    main.getByLabel("Rows per page:"),
  ]) {
    await expect(control).toBeInViewport();
    expect(await receivesClicks(control)).toBe(true);
  }
});

test("a menu link to the page already shown closes the menu too", async ({ page }) => {
  await registerViaApi(page, "Menu Shopper");
  await page.goto("/me");
  await openMenu(page);
  await menu(page).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expectMenuClosed(page);
});

test("the admin's menu offers Dashboard, which opens with the menu closed and every card free", async ({ page }) => {
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto("/");
  await openMenu(page);
  for (const entry of ["Dashboard", "Orders", "Profile"])
    await expect(menu(page).getByRole("link", { name: entry })).toBeVisible();
  await expect(menu(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await menu(page).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectMenuClosed(page);
  const card = page.getByRole("link", { name: /Total Amount/ });
  await expect(card).toBeInViewport();
  // The menu hung down over the card's right end, under the user's name.
  const box = (await card.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? null,
    [box.x + box.width - 10, box.y + 10],
  );
  expect(hit).toContain("Total Amount");
  expect(await receivesClicks(card)).toBe(true);
});

test("a shopper's menu has Orders, Profile and Logout, and no Dashboard", async ({ page }) => {
  await registerViaApi(page, "Plain Shopper");
  await page.goto("/");
  await openMenu(page);
  const items = menu(page).locator(".dropdown-menu > li");
  await expect(items).toHaveText(["Orders", "Profile", "Logout"]);
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
});
