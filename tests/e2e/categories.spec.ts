import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "./support/accounts";
import { ownShopForTests, startOwnShop, type OwnShop } from "./support/own-shop";

// The owner's categories change every storefront page, so these run on a shop of their own (the
// shared test shop's twelve are counted by other tests at the same time).

async function signInAsAdmin(page: Page, shop: OwnShop) {
  await page.goto(`${shop.base}/lgn`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByText(DEMO_ADMIN.name)).toBeVisible();
}

const homeCategories = (page: Page) => page.getByRole("navigation", { name: "Shop by category" }).getByRole("link");
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });

test.describe("a demo shop's owner", () => {
  const shop = ownShopForTests({ SEED: "demo" });

  test("adds, renames, orders, hides and deletes a category, and the storefront follows", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = `Drones ${testInfo.project.name}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await signInAsAdmin(page, shop);
    await page.goto(`${shop.base}/admin/categories`);
    await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
    await expect(row(page, "Laptops")).toContainText("6");

    // Refused first, beside the fields, with what was typed kept.
    await page.getByRole("link", { name: "New category" }).click();
    await page.getByLabel("Name").fill("Laptops");
    await page.getByLabel("Address").fill("Not an address");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Use lower-case letters, digits and hyphens, such as clothes-shoes")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Laptops");
    await page.getByLabel("Address").fill("");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Another category has this name: choose another")).toBeVisible();

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Picture").setInputFiles("public/images/profile.png");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Category created");
    await expect(row(page, name).getByRole("link", { name, exact: true })).toHaveAttribute("href", `/category/${slug}`);

    // On the home page (last, with its picture), with a page of its own, and in the product form.
    await page.goto(shop.base);
    await expect(homeCategories(page)).toHaveCount(13);
    await expect(homeCategories(page).last()).toHaveText(name);
    await expect(homeCategories(page).last().locator("img")).toHaveAttribute(
      "src",
      /^\/uploads\/categories\/[a-z0-9]+\.webp$/,
    );
    await homeCategories(page).last().click();
    await expect(page).toHaveURL(`${shop.base}/category/${slug}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await page.goto(`${shop.base}/admin/product`);
    await expect(page.getByLabel("Category").locator("option", { hasText: name })).toHaveCount(1);

    // A product of the shop moves into it through the product form.
    const [product] = (await (await page.request.get(`${shop.base}/api/v1/products?category=Cameras`)).json())
      .products as { _id: string }[];
    await page.goto(`${shop.base}/admin/product/${product._id}`);
    await page.getByLabel("Category").selectOption(name);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Product updated successfully");
    await page.goto(`${shop.base}/category/${slug}`);
    await expect(page.getByTestId("product-card")).toHaveCount(1);

    // Renamed: its product and its page go along; the old address is gone.
    await page.goto(`${shop.base}/admin/categories`);
    await row(page, name)
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    await page.getByLabel("Name").fill(`${name} and more`);
    await page.getByLabel("Address").fill(`${slug}-more`);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Category updated");
    expect((await page.request.get(`${shop.base}/category/${slug}`)).status()).toBe(404);
    await page.goto(`${shop.base}/product/${product._id}`);
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: `${name} and more` }),
    ).toHaveAttribute("href", `/category/${slug}-more`);

    // Moved up one place: before Home, the last of the twelve.
    await page.goto(`${shop.base}/admin/categories`);
    await page.getByRole("button", { name: `Move ${name} and more up` }).click();
    await expect(page.getByTestId("toast")).toHaveText("Order saved");
    await page.goto(shop.base);
    await expect(homeCategories(page).nth(11)).toHaveText(`${name} and more`);
    await expect(homeCategories(page).nth(12)).toHaveText("Home");

    // Hidden: off the home page and its page, its product still on sale.
    await page.goto(`${shop.base}/admin/categories`);
    await row(page, `${name} and more`)
      .getByRole("link", { name: `Edit ${name} and more` })
      .click();
    await page.getByLabel(/Hide it from the storefront/).check();
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Category updated");
    await page.goto(shop.base);
    await expect(homeCategories(page)).toHaveCount(12);
    expect((await page.request.get(`${shop.base}/category/${slug}-more`)).status()).toBe(404);
    expect((await page.request.get(`${shop.base}/product/${product._id}`)).status()).toBe(200);

    // Deleted only once its product has somewhere to go.
    await page.goto(`${shop.base}/admin/categories`);
    await row(page, `${name} and more`)
      .getByRole("link", { name: `Delete ${name} and more` })
      .click();
    await expect(page.getByText("It holds 1 product. Move them to")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText(`${name} and more holds 1 product: choose the category they move to`)).toBeVisible();
    await page.getByLabel("It holds 1 product. Move them to").selectOption("Cameras");
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Category deleted; its 1 product moved");
    await expect(row(page, `${name} and more`)).toHaveCount(0);
    const after = (await (await page.request.get(`${shop.base}/api/v1/product/${product._id}`)).json()).product;
    expect(after.category).toBe("Cameras");
  });
});

test("a new shop has no categories: its home says so, and its first category is the owner's", async ({ page }) => {
  test.setTimeout(120_000);
  const shop = await startOwnShop({
    SEED: "none",
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: "owner-password-1",
  });
  try {
    const categories = await (await page.request.get(`${shop.base}/api/v1/categories`)).json();
    expect(categories).toEqual({ success: true, categories: [] });
    await page.goto(shop.base);
    await expect(page.getByRole("navigation", { name: "Shop by category" })).toHaveCount(0);
    expect((await page.request.get(`${shop.base}/search?category=Laptops`)).status()).toBe(400);

    await page.goto(`${shop.base}/lgn`);
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password").fill("owner-password-1");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).not.toHaveURL(/\/lgn/);
    await page.goto(`${shop.base}/admin/categories`);
    await expect(page.getByText("No categories yet: products need one, so add the first category.")).toBeVisible();
    await page.goto(`${shop.base}/admin/settings`);
    await expect(page.getByText("The shop has no categories yet: add them in Categories.")).toBeVisible();

    // Each empty select says where its choices are made, linked; the product form's leads to the category form.
    await page.goto(`${shop.base}/admin/shipping-method/new`);
    await expect(page.getByTestId("empty-select")).toHaveText(
      "No shipping zones yet: add a zone (the countries it ships to) first.",
    );
    await expect(page.getByRole("link", { name: "add a zone" })).toHaveAttribute("href", "/admin/shipping-zone/new");
    await page.goto(`${shop.base}/admin/discount/new`);
    await expect(page.getByTestId("empty-select")).toHaveText([
      "No categories yet: add one in Categories.",
      "No products yet: add one.",
    ]);
    await page.goto(`${shop.base}/admin/product`);
    await expect(page.getByLabel("Category")).toHaveAccessibleDescription(
      "No categories yet: add one in Categories, then come back.",
    );
    await page.getByRole("link", { name: "add one in Categories" }).click();
    await expect(page).toHaveURL(`${shop.base}/admin/category`);
    await page.getByLabel("Name").fill("Laptops");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Category created");
    await page.goto(`${shop.base}/admin/product`);
    await expect(page.getByLabel("Category").locator("option")).toHaveText(["Choose a category", "Laptops"]);
    await expect(page.getByTestId("empty-select")).toHaveCount(0);
  } finally {
    await shop.stop();
  }
});
