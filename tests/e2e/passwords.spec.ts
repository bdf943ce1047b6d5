import { sql } from "drizzle-orm";
import { expect, test } from "@playwright/test";
import { execute, openShopDatabase } from "../../app/db/shop-file.server";
import {
  RESET_MAIL_SUBJECT,
  loginViaForm,
  logoutViaMenu,
  registerViaApi,
  resetLinkIn,
  waitForMail,
} from "./support/accounts";
import { e2eEnv } from "./support/env";

test("change password with 'log out other devices': the other browser is really signed out", async ({
  page,
  browser,
}) => {
  const account = await registerViaApi(page, "Two Devices");
  const other = await browser.newContext({ javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await loginViaForm(otherPage, account.email, account.password);
  await expect(otherPage.locator(".user-menu > summary")).toContainText("Two Devices");

  await page.goto("/password/update");
  await expect(page).toHaveTitle("Change Password - ShopIT");
  await page.getByLabel("Old Password").fill("not-the-password");
  await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm New Password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Update password", exact: true }).click();
  await expect(page.getByText("Old password is incorrect")).toBeVisible();

  await page.getByLabel("Old Password").fill(account.password);
  await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm New Password").fill("something-else");
  await page.getByRole("button", { name: "Update password", exact: true }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Old Password").fill(account.password);
  await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm New Password").fill("brand-new-pass");
  await page.getByLabel("Log out other devices").check();
  await page.getByRole("button", { name: "Update password", exact: true }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId("toast")).toHaveText("Password updated successfully");

  // This browser is still signed in; the other one is not.
  await page.reload();
  await expect(page.getByTestId("profile-name")).toHaveText("Two Devices");
  await otherPage.goto("/me");
  await expect(otherPage).toHaveURL(/\/lgn\?redirectTo=%2Fme$/);
  await expect(otherPage.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
  await other.close();

  await logoutViaMenu(page);
  await loginViaForm(page, account.email, "brand-new-pass");
  await expect(page.locator(".user-menu > summary")).toContainText("Two Devices");
});

test("forgot password: a mail over SMTP, its link sets a new password, which then logs in; every session ends", async ({
  page,
  browser,
}) => {
  const account = await registerViaApi(page, "Forgetful");
  await logoutViaMenu(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaForm(otherPage, account.email, account.password);
  await expect(otherPage.locator(".user-menu > summary")).toContainText("Forgetful");

  await page.goto("/password/forgot");
  await expect(page).toHaveTitle("Forgot Password - ShopIT");
  await page.getByLabel("Enter Email").fill(account.email);
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText(`If an account exists for ${account.email}`);

  const mail = await waitForMail(account.email, RESET_MAIL_SUBJECT);
  expect(mail.alternative).toBe(true);
  expect(mail.text).toContain("It works once, for 30 minutes.");
  expect(mail.html).toContain(`href="${mail.text.match(/https?:\/\/\S+\/password\/reset\/[a-f0-9]+/)?.[0]}"`);
  const link = resetLinkIn(mail);
  await page.goto(link);
  await expect(page).toHaveTitle("New Password Reset - ShopIT");
  await page.getByLabel("Password", { exact: true }).fill("reset-pass-123");
  await page.getByLabel("Confirm Password").fill("reset-pass-124");
  await page.getByRole("button", { name: "Set Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("reset-pass-123");
  await page.getByLabel("Confirm Password").fill("reset-pass-123");
  await page.getByLabel("Log me out of other devices").check();
  await page.getByRole("button", { name: "Set Password" }).click();
  // The next step is logging in with the new password: the login page, saying the password changed.
  await expect(page).toHaveURL(/\/lgn$/);
  await expect(page.getByTestId("toast")).toHaveText(
    "Password updated successfully. You can log in with the new password.",
  );
  await expect(page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
  await otherPage.goto("/me");
  await expect(otherPage).toHaveURL(/\/lgn\?redirectTo=%2Fme$/);
  await other.close();

  await loginViaForm(page, account.email, account.password);
  await expect(page.getByRole("alert")).toHaveText("Invalid Email or Password");
  await loginViaForm(page, account.email, "reset-pass-123");
  await expect(page.locator(".user-menu > summary")).toContainText("Forgetful");

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This password reset link is invalid or has already been used.");
});

test("an unknown e-mail gets the same answer and no mail", async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`;
  await page.goto("/password/forgot");
  await page.getByLabel("Enter Email").fill(email);
  await page.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByTestId("toast")).toContainText(`If an account exists for ${email}`);
  await expect(waitForMail(email, RESET_MAIL_SUBJECT, 1500)).rejects.toThrow("No mail");
});

test("an expired reset link says so", async ({ page }) => {
  const account = await registerViaApi(page, "Late Reader");
  await page.request.post("/api/v1/password/reset", { data: { email: account.email } });
  const link = resetLinkIn(await waitForMail(account.email, RESET_MAIL_SUBJECT));

  // Age the token past its 30 minutes (it expires when it was made), straight in the shop's database.
  const shop = openShopDatabase(e2eEnv().database);
  await execute(
    shop.q,
    sql`UPDATE password_reset_tokens SET expires_at = created_at WHERE user_id = (SELECT id FROM users WHERE email = ${account.email})`,
  );
  await shop.close();

  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This password reset link has expired. Please ask for a new one.");
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/password/forgot");
});
