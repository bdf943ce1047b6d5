import { expect, test } from "@playwright/test";
import { loginViaForm, logoutViaMenu, registerViaApi } from "./support/accounts";

test("logout ends the session: a copy of the cookie saved before it no longer signs in", async ({ page, browser }) => {
  await registerViaApi(page, "Cookie Saver");
  await page.goto("/me");
  await expect(page.getByTestId("profile-name")).toHaveText("Cookie Saver");
  const saved = await page.context().cookies();
  await logoutViaMenu(page);

  const replay = await browser.newContext();
  await replay.addCookies(saved);
  const replayPage = await replay.newPage();
  await replayPage.goto("/me");
  await expect(replayPage).toHaveURL(/\/lgn\?redirectTo=%2Fme$/);
  await replay.close();
});

test("the profile lists the signed-in devices; one can end another device's session, then log out", async ({
  page,
  browser,
}) => {
  const account = await registerViaApi(page, "Two Browsers");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaForm(otherPage, account.email, account.password);
  await expect(otherPage.locator(".user-menu > summary")).toContainText("Two Browsers");

  await page.goto("/me");
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  const mine = sessions.filter({ hasText: "This device" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Last seen now from 127.0.0.1");
  const theirs = sessions.filter({ hasNotText: "This device" });
  await expect(theirs).toContainText(/Chrom(e|ium) \d+ on Linux/);
  await expect(theirs).toContainText("Last seen just now");

  await theirs.getByRole("button", { name: "End session" }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId("toast")).toHaveText(/^The session on .+ has ended\.$/);
  await expect(sessions).toHaveCount(1);
  await otherPage.goto("/me");
  await expect(otherPage).toHaveURL(/\/lgn\?redirectTo=%2Fme$/);
  await other.close();

  await mine.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Logged out successfully.");
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
});
