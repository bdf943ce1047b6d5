import { expect, test } from "@playwright/test";
import { DEMO_SHOPPER, loginViaForm } from "./support/accounts";

test("a visitor on an account page is sent to login, then back", async ({ page }) => {
  await page.goto("/me/update");
  await expect(page).toHaveURL(/\/lgn\?redirectTo=%2Fme%2Fupdate$/);
  await expect(page.getByTestId("toast")).toHaveText("Please log in to see this page.");
  await page.getByLabel("Email").fill(DEMO_SHOPPER.email);
  await page.getByLabel("Password").fill(DEMO_SHOPPER.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/me\/update$/);
  await expect(page.getByLabel("Name")).toHaveValue(DEMO_SHOPPER.name);
});

test("redirectTo only leads to paths on this site", async ({ page }) => {
  await page.goto("/lgn?redirectTo=//evil.example/steal");
  await page.getByLabel("Email").fill(DEMO_SHOPPER.email);
  await page.getByLabel("Password").fill(DEMO_SHOPPER.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("a signed-in shopper on an admin page is told so and sent home", async ({ page }) => {
  await loginViaForm(page, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByTestId("toast")).toHaveText("That page is for admins only.");
});

test("a visitor on an admin page is sent to login", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/lgn\?redirectTo=%2Fdashboard$/);
  await expect(page.getByTestId("toast")).toHaveText("Please log in to see this page.");
});
