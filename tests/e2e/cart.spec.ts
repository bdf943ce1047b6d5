import { expect, test } from "@playwright/test";
import { registerViaApi } from "./support/accounts";
import { addToCart } from "./support/shopping";
import { money } from "./helpers";

test("the cart lists what was added; the stepper stays within 1 and the stock; lines can be removed", async ({
  page,
}) => {
  await page.goto("/cart");
  await expect(page).toHaveTitle("Your Cart - ShopIT");
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();

  const camera = await addToCart(page, "Sony Alpha 7 IV Mirrorless Camera", 2); // stock 3
  const book = await addToCart(page, "Atomic Habits by James Clear", 1);
  await expect(page.getByRole("link", { name: "Laptop 2 items in your cart" })).toBeVisible();
  // Adding a product already in the cart replaces its quantity.
  await addToCart(page, "Atomic Habits by James Clear", 3);

  await page.goto("/cart");
  await expect(page.getByTestId("cart-lines")).toHaveText("2 items");
  const cameraLine = page.getByTestId("cart-line").filter({ hasText: camera.name });
  await expect(cameraLine.getByRole("link", { name: camera.name })).toHaveAttribute("href", `/product/${camera._id}`);
  await expect(cameraLine).toContainText(money(camera.price));
  await expect(cameraLine.getByTestId("line-quantity")).toHaveText("2");
  await expect(page.getByTestId("units")).toHaveText("5 units");
  await expect(page.getByTestId("subtotal")).toHaveText(money(camera.price * 2 + book.price * 3));
  await expect(page.getByTestId("subtotal-note")).toHaveText(
    "Before 5% tax and shipping ($25.00, free on orders over $200.00), which are added at checkout.",
  );

  await cameraLine.getByRole("button", { name: `One more ${camera.name}` }).click();
  await expect(cameraLine.getByTestId("line-quantity")).toHaveText("3");
  await expect(cameraLine.getByRole("button", { name: `One more ${camera.name}` })).toBeDisabled();
  const bookLine = page.getByTestId("cart-line").filter({ hasText: book.name });
  for (let i = 0; i < 2; i++) await bookLine.getByRole("button", { name: `One less ${book.name}` }).click();
  await expect(bookLine.getByTestId("line-quantity")).toHaveText("1");
  await expect(bookLine.getByRole("button", { name: `One less ${book.name}` })).toBeDisabled();

  await cameraLine.getByRole("button", { name: `Delete ${camera.name}` }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  // One of each: singular words.
  await expect(page.getByTestId("cart-lines")).toHaveText("1 item");
  await expect(page.getByTestId("units")).toHaveText("1 unit");
  await expect(page.getByRole("link", { name: "Laptop 1 item in your cart" })).toBeVisible();
  await bookLine.getByRole("button", { name: `Delete ${book.name}` }).click();
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

test("checking out as a visitor offers to log in, then continues to shipping with the same cart", async ({
  page,
  browser,
}) => {
  const setup = await browser.newContext();
  const account = await registerViaApi(await setup.newPage());
  await setup.close();

  await addToCart(page, "Atomic Habits by James Clear");
  await page.goto("/cart");
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await page.getByRole("link", { name: "Log in to check out" }).click();
  await expect(page).toHaveURL(/\/lgn\?redirectTo=%2Fshipping$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("an empty cart offers a way back to shopping: home and every category", async ({ page }) => {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/");
  const categories = page.getByRole("navigation", { name: "Or browse a category" });
  await expect(categories.getByRole("link", { name: "Laptops", exact: true })).toHaveAttribute(
    "href",
    "/category/laptops",
  );
  await expect(categories.getByRole("link", { name: "Beauty/Health" })).toHaveAttribute(
    "href",
    "/category/beauty-health",
  );
  await page.getByRole("link", { name: "Continue shopping" }).click();
  await expect(page.getByRole("heading", { name: "Latest Products" })).toBeVisible();
});
