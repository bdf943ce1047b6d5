import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "@playwright/test";
import { execute, openShopDatabase } from "../../app/db/shop-file.server";
import {
  DEMO_SHOPPER,
  FINISH_REGISTRATION_SUBJECT,
  REGISTRATION_ATTEMPT_SUBJECT,
  WELCOME_MAIL_SUBJECT,
  attackAccount,
  expectPasswordNotEchoed,
  loginViaForm,
  logoutViaMenu,
  registerViaApi,
  registerViaForm,
  registrationLinkIn,
  timed,
  uniqueEmail,
  waitForMail,
} from "./support/accounts";
import { e2eEnv } from "./support/env";

const avatarFile = path.resolve("public/images/default_avatar.jpg");

test("register with an avatar: the mailed link makes the account once, signed in, welcomed without the name, avatar shown", async ({
  page,
}) => {
  const email = uniqueEmail("register");
  await page.goto("/register");
  await expect(page).toHaveTitle("Register User - ShopIT");
  await page.getByLabel("Name").fill("Rita Register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("s3cret-enough");
  await page.getByLabel("Avatar").setInputFiles(avatarFile);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Check your inbox: we have sent a link to ${email} to finish registering.`,
  );
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();

  const mail = await waitForMail(email, FINISH_REGISTRATION_SUBJECT);
  expect(mail.alternative).toBe(true);
  for (const part of [mail.text, mail.html]) expect(part).not.toContain("Rita");
  const link = registrationLinkIn(mail);
  await page.goto(link);
  await expect(page).toHaveTitle("Finish Registering - ShopIT");
  await expect(page.getByText(`Make the account for ${email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Create my account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toHaveText("Registered successfully");
  const menu = page.locator(".user-menu > summary");
  await expect(menu).toContainText("Rita Register");
  const avatar = await menu.locator("img").getAttribute("src");
  expect(avatar).toMatch(/^\/uploads\/avatars\/[a-z0-9]+\.webp$/);
  const image = await page.request.get(avatar!);
  expect(image.headers()["content-type"]).toBe("image/webp");

  const welcome = await waitForMail(email, WELCOME_MAIL_SUBJECT);
  expect(welcome.alternative).toBe(true);
  expect(welcome.text).toContain("Welcome to ShopIT!");
  for (const part of [welcome.text, welcome.html]) expect(part).not.toContain("Rita");

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This registration link is invalid or has already been used.");
  await expect(page.getByRole("button", { name: "Create my account" })).toHaveCount(0);
});

test("register gives the same answer for a registered e-mail and mails its owner; nothing changes", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The owner registers through the API (the specification's client), elsewhere.
  const owner = await playwright.request.newContext({ baseURL });
  const taken = { name: "Owner Olga", email: uniqueEmail("taken"), password: "owners-password-1" };
  expect((await owner.post("/api/v1/register", { data: taken })).status()).toBe(201);
  await owner.dispose();

  const answers = [];
  for (const email of [taken.email, uniqueEmail("fresh")]) {
    const answer = await registerViaForm(page, { name: "Mallory <b>Pay</b>", email, password: "attackers-password" });
    await expect(page.getByRole("status")).toHaveText(
      `Check your inbox: we have sent a link to ${email} to finish registering.`,
    );
    answers.push({
      status: answer.status(),
      cookies: (await answer.headersArray()).filter((h) => h.name.toLowerCase() === "set-cookie"),
      page: (await page.locator("main").innerText()).replace(email, "EMAIL"),
    });
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[0]).toMatchObject({ status: 200, cookies: [] });

  const told = await waitForMail(taken.email, REGISTRATION_ATTEMPT_SUBJECT);
  expect(told.text).toContain("Nothing was changed.");
  expect(told.html).toMatch(/href="http:[^"]+\/lgn"/);
  expect(told.html).toMatch(/href="http:[^"]+\/password\/forgot"/);
  for (const part of [told.text, told.html]) expect(part).not.toMatch(/Mallory/);
  await expect(waitForMail(taken.email, FINISH_REGISTRATION_SUBJECT, 1000)).rejects.toThrow("No mail");

  // The owner's account is as it was: the old password works, the attacker's does not.
  await loginViaForm(page, taken.email, "attackers-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid Email or Password");
  await loginViaForm(page, taken.email, taken.password);
  await expect(page.locator(".user-menu > summary")).toContainText("Owner Olga");
});

test("register refuses a non-image avatar, keeping what was typed", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Name").fill("Dup Licate");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill("s3cret-enough");
  await page
    .getByLabel("Avatar")
    .setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<script>not an image</script>") });
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("Please choose a JPEG, PNG or WebP image.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Dup Licate");
  await expectPasswordNotEchoed(page, "Password");
});

test("an expired registration link says so and makes no account", async ({ page }) => {
  const email = uniqueEmail("late");
  await registerViaForm(page, { name: "Late Larry", email, password: "late-password-1" });
  const link = registrationLinkIn(await waitForMail(email, FINISH_REGISTRATION_SUBJECT));
  // Age the link past its 24 hours (it expires when it was made), straight in the shop's database.
  const shop = openShopDatabase(e2eEnv().database);
  await execute(shop.q, sql`UPDATE pending_registrations SET expires_at = created_at WHERE email = ${email}`);
  await shop.close();

  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This registration link has expired. Please register again.");
  await expect(page.getByRole("button", { name: "Create my account" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Register again" })).toHaveAttribute("href", "/register");
  await loginViaForm(page, email, "late-password-1");
  await expect(page.getByRole("alert")).toHaveText("Invalid Email or Password");
});

test("register checks every field and says what is wrong", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Name").fill("x".repeat(31));
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("Your name cannot exceed 30 characters")).toBeVisible();
  await expect(page.getByText("Please enter valid email address")).toBeVisible();
  await expect(page.getByText("Your password must be at least 8 characters")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
});

test("log in, see the user menu, log out", async ({ page }) => {
  await loginViaForm(page, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  await expect(page).toHaveURL(/\/$/);
  const summary = page.locator(".user-menu > summary");
  await expect(summary).toContainText(DEMO_SHOPPER.name);
  await summary.click();
  for (const entry of ["Orders", "Profile"]) await expect(page.getByRole("link", { name: entry })).toBeVisible();
  // The admin area would only turn a shopper away, so its link is not offered.
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Logged out successfully.");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
});

test("under attack from other addresses, the browser that logged in before logs in again at once", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { email, password } = await registerViaApi(page);
  await logoutViaMenu(page);
  await loginViaForm(page, email, password);
  await expect(page.locator(".user-menu > summary")).toContainText("Test Shopper");
  await logoutViaMenu(page);
  const attack = await attackAccount(playwright, baseURL, email);
  const took = await timed(async () => {
    await loginViaForm(page, email, password);
    await expect(page.locator(".user-menu > summary")).toContainText("Test Shopper");
  });
  // Any other browser now waits LOGIN_DELAY_MAX_MS (10 s) before its password is even checked.
  expect(took).toBeLessThan(10_000);
  await attack.answered;
});

test("a wrong password and an unknown e-mail get the same message; the e-mail stays", async ({ page }) => {
  await loginViaForm(page, DEMO_SHOPPER.email, "wrong-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid Email or Password");
  await expect(page.getByLabel("Email")).toHaveValue(DEMO_SHOPPER.email);
  await expectPasswordNotEchoed(page, "Password");

  await loginViaForm(page, "nobody-here@example.com", "whatever-123");
  await expect(page.getByRole("alert")).toHaveText("Invalid Email or Password");
});

test("the login page links to forgot password and register, and sends a signed-in user home", async ({ page }) => {
  await page.goto("/lgn");
  await expect(page).toHaveTitle("Login - ShopIT");
  await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/password/forgot");
  await expect(page.getByRole("link", { name: "New User?" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByText("Please log in to see this page.")).toHaveCount(0);

  await registerViaApi(page);
  await page.goto("/lgn");
  await expect(page).toHaveURL(/\/$/);
});

test("profile shows the account, and the update form changes it", async ({ page }) => {
  const account = await registerViaApi(page, "Pat Profile");
  await page.goto("/me");
  await expect(page).toHaveTitle("Your Profile - ShopIT");
  await expect(page.getByTestId("profile-name")).toHaveText("Pat Profile");
  await expect(page.getByTestId("profile-email")).toHaveText(account.email);
  await expect(page.getByTestId("profile-joined")).toHaveText(
    new Date().toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }),
  );
  await expect(page.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders/me");
  await expect(page.getByRole("link", { name: "Change Password" })).toHaveAttribute("href", "/password/update");
  await expect(page.getByRole("img", { name: "Pat Profile" })).toHaveAttribute("src", "/images/default_avatar.jpg");

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByTestId("avatar-preview")).toHaveAttribute("src", "/images/default_avatar.jpg");
  await expect(page.getByLabel("Name")).toHaveValue("Pat Profile");
  await page.getByLabel("Name").fill("");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByText("Please enter your name")).toBeVisible();

  await page.getByLabel("Name").fill("Pat Renamed");
  await page.getByLabel("Avatar").setInputFiles(avatarFile);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId("toast")).toHaveText("User updated successfully");
  await expect(page.getByTestId("profile-name")).toHaveText("Pat Renamed");
  await expect(page.getByRole("img", { name: "Pat Renamed" })).toHaveAttribute("src", /^\/uploads\/avatars\//);
});

test("the admin's profile has no My Orders link", async ({ page }) => {
  await loginViaForm(page, "admin@example.com", "admin12345");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/me");
  await expect(page.getByTestId("profile-name")).toHaveText("Demo Admin");
  await expect(page.getByRole("link", { name: "My Orders" })).toHaveCount(0);
  await logoutViaMenu(page);
});
