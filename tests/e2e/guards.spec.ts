import { expect, test } from "@playwright/test";
import { DEMO_SHOPPER } from "./support/accounts";
import { signInAs } from "./support/sign-in";

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

// Browsers drop tabs and line breaks from a Location, and a header cannot hold CR, LF, NUL or
// characters above U+00FF: each of these once led off the site, or to a 500 after signing in.
for (const redirectTo of [
  "/%09/evil.example/x",
  "/%0D%0A/evil.example",
  "/%E2%80%A8/evil.example",
  "/%5C%5Cevil.example",
]) {
  test(`logging in from /lgn?redirectTo=${redirectTo} ends on the shop's own home page, signed in`, async ({
    page,
    baseURL,
  }) => {
    // Were the browser sent there, it would show this page rather than fail to resolve the name.
    await page.context().route(
      (url) => url.hostname.endsWith("evil.example"),
      (route) => route.fulfill({ contentType: "text/html", body: "<title>Evil</title>" }),
    );
    await page.goto(`/lgn?redirectTo=${redirectTo}`);
    await page.getByLabel("Email").fill(DEMO_SHOPPER.email);
    await page.getByLabel("Password").fill(DEMO_SHOPPER.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(`${new URL(baseURL!).origin}/`);
    await expect(page.locator(".user-menu > summary")).toContainText(DEMO_SHOPPER.name);
  });
}

test("a signed-in shopper on an admin page is told so and sent home", async ({ page }) => {
  await signInAs(page, DEMO_SHOPPER.email);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByTestId("toast")).toHaveText("That page is for admins only.");
});

test("a visitor on an admin page is sent to login", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/lgn\?redirectTo=%2Fdashboard$/);
  await expect(page.getByTestId("toast")).toHaveText("Please log in to see this page.");
});
