import { expect, test, type Page } from "@playwright/test";
import { WELCOME_MAIL_SUBJECT, uniqueEmail, waitForMail, waitForMails } from "./support/accounts";

/** Clicks "Sign in with Google" and goes through the stand-in provider's login and consent pages. */
async function signInWithGoogle(page: Page, email: string) {
  await page.goto("/lgn");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

test("Google sign-in creates an account marked googleSignIn, without a password to change", async ({ page }) => {
  const email = uniqueEmail("google");
  await signInWithGoogle(page, email);
  const name = `Google ${email.split("@")[0]}`.slice(0, 30);
  await expect(page.locator(".user-menu > summary")).toContainText(name);

  const me = await (await page.request.get("/api/v1/me")).json();
  expect(me.user).toMatchObject({ email, googleSignIn: true, role: "user" });

  await page.goto("/me");
  await expect(page.getByTestId("profile-email")).toHaveText(email);
  await expect(page.getByRole("link", { name: "Change Password" })).toHaveCount(0);
  const response = await page.goto("/password/update");
  expect(response?.status()).toBe(403);

  const welcome = await waitForMail(email, WELCOME_MAIL_SUBJECT);
  expect(welcome.text).toContain("Welcome to ShopIT!");
  expect(welcome.text).not.toContain(name);
  expect(welcome.text).toContain("Sign in with Google");
});

test("Google sign-in with the e-mail of an existing account signs into that account", async ({ page, browser }) => {
  const email = uniqueEmail("linked");
  const setup = await browser.newContext();
  const created = await setup.request.post("/api/v1/register", {
    data: { name: "Lin Ked", email, password: "password-123" },
  });
  expect(created.status()).toBe(201);
  await setup.close();

  await signInWithGoogle(page, email);
  await expect(page.locator(".user-menu > summary")).toContainText("Lin Ked");
  const me = await (await page.request.get("/api/v1/me")).json();
  expect(me.user).toMatchObject({ email, name: "Lin Ked", googleSignIn: false });
  // Welcomed once, when registered: linking Google to the account makes no new one.
  await expect(waitForMails(email, WELCOME_MAIL_SUBJECT, 2, 1500)).rejects.toThrow("No 2 mails");
  expect((await waitForMail(email, WELCOME_MAIL_SUBJECT)).text).toContain(
    "Sign in with this e-mail and your password.",
  );
});
