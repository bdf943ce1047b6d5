import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, uniqueEmail, waitForMail, waitForMails } from "./support/accounts";
import { e2eEnv } from "./support/env";
import { placeOrder } from "./support/orders";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { ownShopForTests, startOwnShop, type OwnShop } from "./support/own-shop";

// The owner's settings change the whole storefront, so each test runs on a shop of its own (the
// shared test shop's pages are read by every other test at the same time).

async function openSettings(page: Page, shop: OwnShop) {
  await page.goto(`${shop.base}/lgn`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
  await page.goto(`${shop.base}/admin/settings`);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

/** Money as Intl writes it, with ordinary spaces (German puts a no-break space before the €). */
const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");

test.describe("a demo shop's owner", () => {
  // Its mails go to the test SMTP server, where the tests read them.
  const shop = ownShopForTests({ SEED: "demo", SMTP_URL: `smtp://127.0.0.1:${e2eEnv().smtpPort}` });

  test("changes the shop's name, logo, currency, hero and categories, and sees them on the storefront", async ({
    page,
  }) => {
    await page.goto(shop.base);
    const firstPrice = plain(await page.getByTestId("product-card").first().locator(".fs-5").textContent());
    expect(firstPrice).toMatch(/^\$[\d,]+\.\d\d$/);

    await openSettings(page, shop);
    await expect(page.getByLabel("Shop name")).toHaveValue("ShopIT");
    await expect(page.getByLabel("Currency")).toHaveValue("USD");
    await page.getByLabel("Shop name").fill("Volt Elektronik");
    await page.getByLabel("Logo").setInputFiles("public/images/profile.png");
    await page.getByLabel("Contact e-mail").fill("Owner@Volt.example");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Language of prices and dates").selectOption("de-DE");
    await page.getByLabel("Heading", { exact: true }).fill("Notebooks für Arbeit und Spiel");
    await page.getByLabel("Text", { exact: true }).fill("Versandkostenfrei ab 200 €.");
    await page.getByLabel("Button label").fill("Zu den Kameras");
    await page.getByLabel("Button link").fill("/search?category=Cameras");
    const categories = page.getByRole("group", { name: "Categories shown on the home page" });
    for (const box of await categories.getByRole("checkbox").all()) await box.uncheck();
    await categories.getByLabel("Laptops").check();
    await categories.getByLabel("Cameras").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Settings saved");
    await expect(page.getByLabel("Contact e-mail")).toHaveValue("owner@volt.example");
    await expect(page.getByTestId("logo-preview")).toHaveAttribute("src", /^\/uploads\/shop\/[a-z0-9]+\.webp$/);

    await page.goto(shop.base);
    await expect(page).toHaveTitle(/Volt Elektronik/);
    await expect(page.getByRole("navigation").first()).toContainText("Volt Elektronik");
    await expect(page.locator(".navbar-brand img")).toHaveAttribute("src", /^\/uploads\/shop\//);
    const hero = page.getByTestId("hero");
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Notebooks für Arbeit und Spiel");
    await expect(hero).toContainText("Versandkostenfrei ab 200 €.");
    await expect(hero.getByRole("link", { name: "Zu den Kameras" })).toHaveAttribute(
      "href",
      "/search?category=Cameras",
    );
    const shown = page.getByRole("navigation", { name: "Shop by category" }).getByRole("link");
    await expect(shown).toHaveText(["Cameras", "Laptops"]);
    // The same amount, now written in euros the German way: "1.099,00 €" for "$1,099.00".
    const euros = firstPrice.replace(/^\$/, "").replace(/,/g, "#").replace(".", ",").replace(/#/g, ".") + " €";
    expect(plain(await page.getByTestId("product-card").first().locator(".fs-5").textContent())).toBe(euros);

    // A product's page and the cart say the same.
    await page.getByTestId("product-card").first().getByRole("link").first().click();
    await expect(page.getByTestId("price")).toHaveText(/€$/);
  });

  test("is told what is wrong beside each field, and keeps what was typed", async ({ page }) => {
    await openSettings(page, shop);
    await page.getByLabel("Shop name").fill("");
    await page.getByLabel("Contact e-mail").fill("not-an-address");
    await page.getByLabel("Heading", { exact: true }).fill("A title that is kept");
    await page.getByLabel("Button link").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter the shop's name")).toBeVisible();
    await expect(page.getByText("Enter an e-mail address, such as owner@example.com")).toBeVisible();
    await expect(
      page.getByText("Enter a page of the shop (starting with /) or a web address (starting with https://)", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByLabel("Heading", { exact: true })).toHaveValue("A title that is kept");
    await expect(page.getByLabel("Button link")).toHaveValue("javascript:alert(1)");
    await expect(page.getByLabel("Shop name")).toHaveAttribute("aria-invalid", "true");

    // A button needs both its label and its link (a rule of the model, beside its field).
    await page.getByLabel("Shop name").fill("ShopIT");
    await page.getByLabel("Contact e-mail").fill("");
    await page.getByLabel("Button link").fill("");
    await page.getByLabel("Button label").fill("Shop now");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Enter where the button leads")).toBeVisible();
    await expect(page.getByLabel("Button label")).toHaveValue("Shop now");

    // A file that is no picture is refused beside the picture's field.
    await page.getByLabel("Button label").fill("");
    await page.getByLabel("Picture", { exact: true }).setInputFiles({
      name: "hero.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture at all"),
    });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Please choose a JPEG, PNG or WebP image.")).toBeVisible();
  });

  test("hears of each paid order at the contact e-mail and as a chosen admin; switches on the daily summary", async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const owner = uniqueEmail("owner");
    await openSettings(page, shop);
    await page.getByLabel("Contact e-mail").fill(owner);
    await expect(page.getByLabel("A mail for each paid order")).toBeChecked();
    await page.getByLabel("A daily summary each morning (the day before, in the shop's time zone)").check();
    const admins = page.getByRole("group", { name: "Admins who get them too" });
    await admins.getByLabel(`${DEMO_ADMIN.name} (${DEMO_ADMIN.email})`).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Settings saved");
    await expect(
      page.getByLabel("A daily summary each morning (the day before, in the shop's time zone)"),
    ).toBeChecked();
    await expect(admins.getByLabel(`${DEMO_ADMIN.name} (${DEMO_ADMIN.email})`)).toBeChecked();

    const buyer = await playwright.request.newContext({ baseURL: shop.base });
    try {
      const account = { name: "Owner's Customer", email: uniqueEmail("customer"), password: "correct-horse-1" };
      expect((await buyer.post("/api/v1/register", { data: account })).status()).toBe(201);
      const order = await placeOrder(buyer, "Hydro Flask 32 oz Wide Mouth Bottle");
      const mail = await waitForMail(owner, `new order #${order.orderNumber}`);
      expect(mail.text).toContain(`${account.name} (${account.email}) paid`);
      expect(mail.text).toContain("Hydro Flask 32 oz Wide Mouth Bottle");
      expect(mail.html).toContain(`href="${shop.base}/admin/order/${order._id}"`);
      // The demo admin gets one too (other shops of the run mail that address: this order's is found by its id).
      await expect
        .poll(async () =>
          (await waitForMails(DEMO_ADMIN.email, /new order #/, 1)).some((m) =>
            String(m.html).includes(`/admin/order/${order._id}"`),
          ),
        )
        .toBe(true);
    } finally {
      await buyer.dispose();
    }
  });

  test("sets the shop's time zone: order pages, the receipt and the dashboard say the time there, named", async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    await openSettings(page, shop);
    await page.getByLabel("Time zone of the shop's dates and times").selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Settings saved");
    // Another test of this shop may have changed its language: the dates follow it.
    const locale = await page.getByLabel("Language of prices and dates").inputValue();
    const inTokyo = (iso: string) =>
      plain(
        new Date(iso).toLocaleString(locale, {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZone: "Asia/Tokyo",
          timeZoneName: "short",
        }),
      );

    const buyer = await playwright.request.newContext({ baseURL: shop.base });
    let order: Awaited<ReturnType<typeof placeOrder>>;
    try {
      const account = { name: "Tokyo Customer", email: uniqueEmail("tokyo"), password: "correct-horse-1" };
      expect((await buyer.post("/api/v1/register", { data: account })).status()).toBe(201);
      order = await placeOrder(buyer, "Hydro Flask 32 oz Wide Mouth Bottle");
    } finally {
      await buyer.dispose();
    }
    for (const path of [`/admin/order/${order._id}`, `/order/${order._id}/receipt`]) {
      await page.goto(`${shop.base}${path}`);
      const time = page.getByRole("main").locator("time").first();
      const iso = (await time.getAttribute("datetime"))!;
      expect(plain(await time.textContent()), path).toBe(inTokyo(iso));
      expect(plain(await time.textContent()), path).not.toContain("UTC");
    }
    await page.goto(`${shop.base}/dashboard`);
    await expect(page.locator("figure").filter({ has: page.getByTestId("sales-chart") })).toContainText(
      "(days in Asia/Tokyo)",
    );
  });
});

test("an empty shop's home says it has no products yet, without a hero or categories that lead nowhere", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  // With an admin: a shop without one opens on its setup page (setup.spec.ts).
  const shop = await startOwnShop({
    SEED: "none",
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "owner-password-1",
  });
  try {
    await page.goto(shop.base);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to ShopIT");
    await expect(page.getByText("There are no products in the shop yet. Please come back soon.")).toBeVisible();
    await expect(page.getByTestId("hero")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Shop by category" })).toHaveCount(0);
    // axe runs in the page, so with JavaScript on only (the accessibility walk covers the other pages).
    if (javaScriptEnabled) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        expect.soft(await wcagViolations(page), `${width} px`).toEqual([]);
        if (width === 390) expect.soft(await overflowsViewport(page)).toBe(false);
      }
    }
  } finally {
    await shop.stop();
  }
});
