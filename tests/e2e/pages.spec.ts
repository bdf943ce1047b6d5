import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "./support/accounts";
import { signInAs } from "./support/sign-in";

// The shop's own pages: linked from every page's footer, written by the owner in Markdown at
// admin → Pages, shown safely (raw HTML as text).

/** Deletes the page of this title from the admin's list, confirming. */
async function deletePage(page: Page, title: string) {
  await page.goto("/admin/pages");
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /Delete/ })
    .click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Page deleted");
}

test("the footer links the shop's pages, and each opens", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("navigation", { name: "About the shop" });
  // The demo's four first (other tests add pages of their own further along the footer).
  await expect(footer.getByRole("link").first()).toHaveText("Contact us");
  const links = await footer.getByRole("link").allTextContents();
  expect(links.slice(0, 4)).toEqual(["Contact us", "Shipping and returns", "Privacy", "Terms and conditions"]);
  await footer.getByRole("link", { name: "Shipping and returns" }).click();
  await expect(page).toHaveURL(/\/pages\/shipping-returns$/);
  await expect(page).toHaveTitle("Shipping and returns - ShopIT");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping and returns");
  await expect(page.getByRole("heading", { name: "Returns", level: 2 })).toBeVisible();
  await expect(page.getByTestId("page-text").locator("strong").first()).toHaveText("free on orders over $200");

  const missing = await page.goto("/pages/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("There is no such page.")).toBeVisible();
});

test("the owner adds a page that shows in the footer, with its HTML shown as text, then deletes it", async ({
  page,
}, testInfo) => {
  const title = `Opening hours ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto("/admin/pages");
  await page.getByRole("link", { name: "New page" }).click();
  await expect(page.getByRole("heading", { name: "New Page", level: 1 })).toBeVisible();

  // Refused first: no title, an address with spaces; what was typed stays.
  await page.getByLabel("Address").fill("opening hours");
  await page.getByLabel("Text", { exact: true }).fill("We are **open** Monday to Friday.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Enter the page's title")).toBeVisible();
  await expect(page.getByText("Use lower-case letters, digits and hyphens, such as shipping-returns")).toBeVisible();
  await expect(page.getByLabel("Text", { exact: true })).toHaveValue("We are **open** Monday to Friday.");

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill("");
  await page
    .getByLabel("Text", { exact: true })
    .fill(
      'We are **open** Monday to Friday.\n\n<script>document.title="owned"</script>\n\n[Call](javascript:alert(1))',
    );
  await page.getByLabel("Order in the footer").fill("9");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Page created");

  const row = page.getByRole("row").filter({ hasText: title });
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await expect(row.getByRole("link", { name: title, exact: true })).toHaveAttribute("href", `/pages/${slug}`);

  await page.goto("/");
  await page.getByRole("navigation", { name: "About the shop" }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const text = page.getByTestId("page-text");
  await expect(text.locator("strong")).toHaveText("open");
  await expect(text).toContainText('<script>document.title="owned"</script>');
  await expect(text).toContainText("[Call](javascript:alert(1))");
  await expect(text.locator("script, a")).toHaveCount(0);
  await expect(page).toHaveTitle(`${title} - ShopIT`);

  await deletePage(page, title);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "About the shop" }).getByRole("link", { name: title })).toHaveCount(
    0,
  );
});

test("a page carries an uploaded picture; one from another site is refused, saying why", async ({ page }, testInfo) => {
  const title = `Our shop front ${testInfo.project.name} ${Date.now()}`;
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto("/admin/page");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Link it from the footer").uncheck();
  const text = page.getByLabel("Text", { exact: true });
  await text.fill("Come and see us.\n\n![Logo](https://cdn.example.com/logo.png)");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(
    page.getByText(
      "Pictures from other sites cannot be shown (the shop's security policy blocks them): upload the picture with the form instead.",
    ),
  ).toBeVisible();

  // Uploaded instead, with a form refused for another reason (an address taken): the picture is
  // already in the text, and the next try saves it.
  await text.fill("Come and see us.");
  await page.getByLabel("Address").fill("contact");
  await page.getByLabel("Picture", { exact: true }).setInputFiles("public/images/profile.png");
  await page.getByLabel("What the picture shows (for people who cannot see it)").fill("The shop's front door");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Another page has this address: choose another")).toBeVisible();
  await expect(text).toHaveValue(
    /^Come and see us\.\n\n!\[The shop's front door\]\(\/uploads\/pages\/[a-z0-9]+\.webp\)$/,
  );
  await page.getByLabel("Address").fill("");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Page created");

  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await page.goto(`/pages/${slug}`);
  const picture = page.getByTestId("page-text").getByRole("img", { name: "The shop's front door" });
  await expect(picture).toHaveAttribute("src", /^\/uploads\/pages\/[a-z0-9]+\.webp$/);
  expect((await page.request.get((await picture.getAttribute("src"))!)).headers()["content-type"]).toBe("image/webp");

  await deletePage(page, title);
});
