import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "../support/accounts";
import { overflowsViewport, wcagViolations } from "../support/axe";
import { signInAs } from "../support/sign-in";

// With JavaScript the user menu also behaves like a menu drawn over the page: Escape, a click
// elsewhere or moving the focus out of it closes it. (menus.spec.ts checks its links, both ways.)

const summary = (page: Page) => page.locator(".user-menu > summary");
const orders = (page: Page) => page.locator(".user-menu").getByRole("link", { name: "Orders" });

test.beforeEach(async ({ page }) => {
  await registerViaApi(page, "Keyboard Shopper");
  await page.goto("/");
});

test("Escape closes the user menu and puts the focus back on its button", async ({ page }) => {
  await summary(page).focus();
  await page.keyboard.press("Enter");
  await expect(orders(page)).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(orders(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(orders(page)).toBeHidden();
  await expect(summary(page)).toBeFocused();
});

test("a click elsewhere on the page closes the user menu", async ({ page }) => {
  await summary(page).click();
  await expect(orders(page)).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(orders(page)).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test("tabbing past the menu's last entry closes it", async ({ page }) => {
  await summary(page).click();
  const logout = page.getByRole("button", { name: "Logout" });
  await logout.focus();
  await page.keyboard.press("Tab");
  await expect(logout).toBeHidden();
  await expect(orders(page)).toBeHidden();
});

test("open menus pass axe and fit a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await summary(page).click();
  await expect(orders(page)).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  expect(await overflowsViewport(page)).toBe(false);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Logged out successfully.");
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto("/dashboard");
  await page.getByTestId("admin-menu").locator("summary").click();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  expect(await overflowsViewport(page)).toBe(false);
});
