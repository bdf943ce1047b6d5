import { expect, test } from "@playwright/test";
import { registerViaApi, uniqueEmail, waitForMail } from "./support/accounts";
import { overflowsViewport, wcagViolations } from "./support/axe";

/** axe (it runs in the page: with JavaScript on only) and a phone's width, on the page as it is now. */
async function accessibleAtBothWidths(page: import("@playwright/test").Page, what: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect.soft(await wcagViolations(page), `${what} at ${width} px`).toEqual([]);
    expect.soft(await overflowsViewport(page), `${what} overflows at ${width} px`).toBe(false);
  }
}

// Issue 46, goal 2: a changed e-mail is unconfirmed until the link mailed to it is followed (a
// form POST: opening the link changes nothing); the old address is told of the change.

const CONFIRM_SUBJECT = "ShopIT: confirm your e-mail address";
const CHANGED_SUBJECT = "ShopIT: your e-mail address was changed";

test("changing the e-mail on /me/update: the new address gets a link, whose button confirms it, and /me says so", async ({
  page,
  javaScriptEnabled,
}) => {
  const account = await registerViaApi(page, "Mover");
  // The API's registration leaves the address unconfirmed.
  await page.goto("/me");
  await expect(page.getByTestId("profile-email-proven")).toContainText("Not confirmed");
  await accessibleAtBothWidths(page, "/me, not confirmed", javaScriptEnabled);

  const newEmail = uniqueEmail("moved");
  await page.goto("/me/update");
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId("toast")).toContainText(`We have sent a link to ${newEmail}`);
  await expect(page.getByTestId("profile-email")).toHaveText(newEmail);
  await expect(page.getByTestId("profile-email-proven")).toContainText("Not confirmed");

  const notice = await waitForMail(account.email, CHANGED_SUBJECT);
  expect(notice.text).toContain(`now uses ${newEmail}`);
  const mail = await waitForMail(newEmail, CONFIRM_SUBJECT);
  const link = mail.text.match(/https?:\/\/\S+\/me\/email\/confirm\/[a-f0-9]{64}/)?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(`Confirm that ${newEmail} is your account's e-mail address?`)).toBeVisible();
  await accessibleAtBothWidths(page, "/me/email/confirm/:token", javaScriptEnabled);
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId("toast")).toHaveText("Your e-mail address is confirmed.");
  await expect(page.getByTestId("profile-email-proven")).toHaveText("Confirmed");

  // Used once: the link now says so.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole("alert")).toHaveText("This confirmation link is invalid or has already been used.");
});
