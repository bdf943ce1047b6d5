import { expect, test, type Page } from "@playwright/test";
import { expectPasswordNotEchoed, uniqueEmail } from "./support/accounts";
import { pngBomb } from "./support/png-bomb";

// Issues 11 and 23, on the pages: an oversize upload or a decompression bomb comes back as the form with its message, nothing
// typed lost; a form posted from another site gets a 403 page that says why.

/** Registers with `avatar` as the file; the form must come back with `message` beside it and the typed values. */
async function registerRefusesAvatar(page: Page, avatar: { name: string; buffer: Buffer }, message: string) {
  const email = uniqueEmail("refused-avatar");
  await page.goto("/register");
  await page.getByLabel("Name").fill("Refused Avatar");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("refused-avatar-1");
  await page.getByLabel("Avatar").setInputFiles({ ...avatar, mimeType: "image/png" });
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByLabel("Avatar")).toHaveClass(/is-invalid/);
  await expect(page.getByLabel("Name")).toHaveValue("Refused Avatar");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectPasswordNotEchoed(page, "Password");
}

test("an avatar over 10 MB: the form comes back with the message beside the file and the typed values", async ({
  page,
}) => {
  await registerRefusesAvatar(
    page,
    { name: "huge.png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
    "Images can be at most 10 MB.",
  );
});

test("a decompression bomb as the avatar: the form comes back with the pixel limit beside the file and the typed values", async ({
  page,
}) => {
  await registerRefusesAvatar(
    page,
    { name: "bomb.png", buffer: pngBomb() },
    "This image is 16,000 × 16,000 pixels; images can be at most 50 megapixels.",
  );
});

test("a form posted to the shop from another site is refused with a 403 page that says why", async ({
  page,
  baseURL,
}) => {
  await page.setContent(
    `<form method="post" action="${baseURL}/cart"><input type="hidden" name="intent" value="remove"><input type="hidden" name="productId" value="x"><button>Send</button></form>`,
  );
  const [response] = await Promise.all([
    page.waitForResponse(`${baseURL}/cart`),
    page.getByRole("button", { name: "Send" }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "403 Forbidden" })).toBeVisible();
  await expect(
    page.getByText(/This request came from another site \(Origin: null\), so the shop did not act on it\./),
  ).toBeVisible();
});
