import { expect, test, type Page } from "@playwright/test";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { startOwnShop } from "./support/own-shop";

// A new owner's first run: an empty shop (SEED=none, no admin) opens on its setup page, which only
// the link of the start log opens; the setup makes the owner's account and signs them in on the
// dashboard, whose checklist says what is left; then the page is gone.

/** axe's findings and, at 390 px, whether the page is wider than the screen (axe runs with JavaScript only). */
async function checkLayout(page: Page, javaScriptEnabled: boolean) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    if (javaScriptEnabled) expect.soft(await wcagViolations(page), `${width} px`).toEqual([]);
    if (width === 390) expect.soft(await overflowsViewport(page), "390 px").toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a new owner sets up an empty shop with the link of its start log and lands on the dashboard's checklist", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const shop = await startOwnShop({ SEED: "none" });
  try {
    const link = /^Set up the shop .*: (http:\/\/\S+\/setup\?token=\S+)$/m.exec(shop.startLog())?.[1];
    expect(link, shop.startLog()).toBeDefined();
    const setupLink = link!.replace(/^http:\/\/[^/]+/, shop.base);

    // The first visit leads to the setup page, which asks for the start log's link.
    await page.goto(shop.base);
    await expect(page).toHaveURL(`${shop.base}/setup`);
    await expect(page.getByTestId("setup-refused")).toContainText("Open the link printed in the shop's start log");
    expect((await page.goto(`${shop.base}/setup?token=not-the-token`))?.status()).toBe(403);
    await expect(page.getByTestId("setup-refused")).toContainText("This setup link is not the shop's");
    // Other pages say so too.
    await page.goto(`${shop.base}/cart`);
    await expect(page.getByTestId("setup-pending")).toContainText("This shop is not set up yet");

    await page.goto(setupLink);
    await expect(page.getByRole("heading", { name: "Set up the shop", level: 1 })).toBeVisible();
    await checkLayout(page, javaScriptEnabled);

    // Every problem at once; what was typed is kept, the password is not sent back.
    await page.getByLabel("Your name").fill("");
    await page.getByLabel("Your e-mail").fill("olga at example");
    await page.getByLabel("Password (8 characters or more)").fill("owner-password-1");
    await page.getByLabel("Shop name").fill("Volt");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Language of prices and dates").selectOption("de-DE");
    await page.getByLabel(/To the home country only/).check();
    await page.getByLabel("Tax rate in %, such as 19 (0 for none)").fill("19");
    await page.getByRole("button", { name: "Set up the shop" }).click();
    for (const message of [
      "Please enter your name",
      "Please enter valid email address",
      "Choose the country the shop is in",
      "Enter the shipping price",
    ])
      await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel("Shop name")).toHaveValue("Volt");
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");
    await expect(page.getByLabel("Tax rate in %, such as 19 (0 for none)")).toHaveValue("19");
    if (!javaScriptEnabled) await expect(page.getByLabel("Password (8 characters or more)")).toHaveValue("");
    await checkLayout(page, javaScriptEnabled);

    await page.getByLabel("Your name").fill("Olga Owner");
    await page.getByLabel("Your e-mail").fill("olga@example.com");
    await page.getByLabel("Password (8 characters or more)").fill("owner-password-1");
    await page.getByLabel("Country the shop is in").selectOption("Germany");
    await page.getByLabel("Shipping price, such as 4.99").fill("4.99");
    await page.getByRole("button", { name: "Set up the shop" }).click();

    // Signed in on the dashboard, with what is left to set up.
    await expect(page).toHaveURL(`${shop.base}/dashboard`);
    await expect(page.getByTestId("toast")).toContainText("Your shop is set up");
    const checklist = page.getByTestId("setup-checklist");
    await expect(checklist.getByRole("heading")).toHaveText("Set up your shop: 2 of 7 done");
    await expect(checklist.getByTestId("setup-step-shipping")).toContainText("(done)");
    await expect(checklist.getByTestId("setup-step-payments")).toContainText("STRIPE_SECRET_KEY");
    await expect(checklist.getByRole("link", { name: "Add a category" })).toHaveAttribute("href", "/admin/category");
    await expect(checklist.getByRole("link", { name: "Add a product" })).toHaveAttribute("href", "/admin/product");
    await expect(checklist.getByRole("link", { name: "Write your pages" })).toHaveAttribute("href", "/admin/pages");
    await checkLayout(page, javaScriptEnabled);

    // The owner's choices are the shop's: a German shop, VAT style.
    await page.goto(`${shop.base}/admin/settings`);
    await expect(page.getByLabel("Shop name")).toHaveValue("Volt");
    await expect(
      page.getByLabel("Home country (carts are priced for it until the shopper gives an address)"),
    ).toHaveValue("Germany");
    await expect(page.getByLabel("Prices include tax (VAT): the price shown is the price paid")).toBeChecked();
    await expect(page.getByLabel("Charge tax on shipping too (as EU VAT does)")).toBeChecked();

    // /admin is the dashboard; the checklist hides, and comes back.
    await page.goto(`${shop.base}/admin`);
    await expect(page).toHaveURL(`${shop.base}/dashboard`);
    await page.getByRole("button", { name: "Hide this list" }).click();
    await expect(page.getByTestId("setup-checklist")).toHaveCount(0);
    await page.getByRole("button", { name: "Show the setup checklist (5 to do)" }).click();
    await expect(page.getByTestId("setup-checklist")).toBeVisible();

    // The setup page is gone, its link with it.
    expect((await page.goto(`${shop.base}/setup`))?.status()).toBe(404);
    expect((await page.goto(setupLink))?.status()).toBe(404);

    // A shopper finds the shop's own name, no demo hero and no notice about setting up.
    const shopper = await browser.newPage({ javaScriptEnabled });
    try {
      await shopper.goto(shop.base);
      await expect(shopper).toHaveURL(`${shop.base}/`);
      await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Welcome to Volt");
      await expect(shopper.getByTestId("hero")).toHaveCount(0);
      await expect(shopper.getByTestId("setup-pending")).toHaveCount(0);
      await expect(shopper).toHaveTitle("Home - Volt");
      // The hero shows once there are products: the shop's welcome, with no button to the demo's laptops.
      const { settings } = await (await shopper.request.get(`${shop.base}/api/v1/settings`)).json();
      expect(settings).toMatchObject({ heroTitle: "Welcome to Volt", heroText: "", heroLink: "", heroLinkLabel: "" });
    } finally {
      await shopper.close();
    }
  } finally {
    await shop.stop();
  }
});
