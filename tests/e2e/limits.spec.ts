import { expect, test } from "@playwright/test";
import { expectPasswordNotEchoed, uniqueEmail } from "./support/accounts";

// Issue 11, on the pages: an oversize upload comes back as the form with its message, nothing
// typed lost; a form posted from another site gets a 403 page that says why.

test("an avatar over 10 MB: the form comes back with the message beside the file and the typed values", async ({ page }) => {
  const email = uniqueEmail("big-avatar");
  await page.goto("/register");
  await page.getByLabel("Name").fill("Oversize Avatar");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("oversize-avatar-1");
  await page.getByLabel("Avatar").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("Images can be at most 10 MB.")).toBeVisible();
  await expect(page.getByLabel("Avatar")).toHaveClass(/is-invalid/);
  await expect(page.getByLabel("Name")).toHaveValue("Oversize Avatar");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectPasswordNotEchoed(page, "Password");
});

test("a form posted to the shop from another site is refused with a 403 page that says why", async ({ page, baseURL }) => {
  await page.setContent(
    `<form method="post" action="${baseURL}/cart"><input type="hidden" name="intent" value="remove"><input type="hidden" name="productId" value="x"><button>Send</button></form>`,
  );
  const [response] = await Promise.all([page.waitForResponse(`${baseURL}/cart`), page.getByRole("button", { name: "Send" }).click()]);
  expect(response.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "403 Forbidden" })).toBeVisible();
  await expect(page.getByText(/This request came from another site \(Origin: null\), so the shop did not act on it\./)).toBeVisible();
});
