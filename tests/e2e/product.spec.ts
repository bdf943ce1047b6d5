import { expect, test } from "@playwright/test";
import { money, pathOf, productNamed } from "./helpers";

test("the product page shows everything the spec lists", async ({ page, request }) => {
  const product = await productNamed(request, "Apple iPad Air 11 M2");
  await page.goto(`/product/${product._id}`);
  await expect(page).toHaveTitle("Apple iPad Air 11 M2 - ShopIT");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  // The shop's database id is not for shoppers (a product without variants has no SKU to show).
  await expect(page.getByTestId("product-summary")).not.toContainText(product._id);
  await expect(page.getByTestId("product-sku")).toHaveCount(0);
  expect(product.numOfReviews).toBeGreaterThan(1);
  await expect(
    page.getByTestId("product-summary").getByText(`(${product.numOfReviews} reviews)`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("price")).toHaveText(money(product.price));
  await expect(page.getByTestId("stock-status")).toHaveText("In Stock");
  await expect(page.getByText(product.description.split("\n")[0])).toBeVisible();
  await expect(page.getByText(product.seller, { exact: true })).toBeVisible();
  // A visitor is invited to log in, as a note rather than an error.
  const invitation = page
    .getByRole("note")
    .filter({ has: page.getByRole("link", { name: "Log in to post your review." }) });
  await expect(invitation).toBeVisible();
  await expect(invitation).not.toHaveClass(/alert-danger/);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("1");
  await expect(quantity).toHaveAttribute("min", "1");
  await expect(quantity).toHaveAttribute("max", String(product.stock));

  // Reviews by other users, with name and comment.
  await expect(page.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
  expect(product.reviews.length).toBeGreaterThan(0);
  const reviews = page.getByTestId("review");
  await expect(reviews).toHaveCount(product.reviews.length);
  await expect(reviews.first()).toContainText(`by ${product.reviews[0].name}`);
  await expect(reviews.first()).toContainText(product.reviews[0].comment);
});

test("every image is reachable from the thumbnails and arrows", async ({ page, request }) => {
  const product = await productNamed(request, "Sony Alpha 7 IV Mirrorless Camera");
  expect(product.images).toHaveLength(3);
  await page.goto(`/product/${product._id}`);
  const active = page.locator(".carousel-item.active img");
  await expect(active).toHaveAttribute("src", pathOf(product.images[0].url));

  await page.getByRole("link", { name: "Show image 3" }).click();
  await expect(active).toHaveAttribute("src", pathOf(product.images[2].url));
  await page.getByRole("link", { name: "Next image" }).click();
  await expect(active).toHaveAttribute("src", pathOf(product.images[0].url));
  await page.getByRole("link", { name: "Previous image" }).click();
  await expect(active).toHaveAttribute("src", pathOf(product.images[2].url));
});

test("an out-of-stock product cannot be added to the cart", async ({ page, request }) => {
  const product = await productNamed(request, "Lenovo ThinkPad X1 Carbon Gen 12");
  expect(product.stock).toBe(0);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByTestId("stock-status")).toHaveText("Out of Stock");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
});

test("Add to Cart shows 'Item added to cart' and the navbar count goes up", async ({ page, request }) => {
  const product = await productNamed(request, "Kindle Paperwhite 16 GB");
  await page.goto(`/product/${product._id}`);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Item added to cart");
  await expect(page.getByRole("link", { name: "Laptop 1 item in your cart" })).toBeVisible();

  // The toast is a one-time message: it is gone after the next navigation.
  await page.goto("/");
  await expect(page.getByTestId("toast")).toHaveCount(0);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("asking for more than the stock is refused with a message, the typed quantity kept", async ({ page, request }) => {
  const product = await productNamed(request, "Sony Alpha 7 IV Mirrorless Camera");
  await page.goto(`/product/${product._id}`);
  // Lift the browser's own bound so the server's check is what answers.
  await page.getByRole("spinbutton", { name: "Quantity" }).evaluate((el) => el.removeAttribute("max"));
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("50");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`Only ${product.stock} left in stock.`)).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("50");
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

test("an unknown product id gets a 404 page with a clear message", async ({ page }) => {
  const response = await page.goto("/product/not-a-real-id");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Not Found - ShopIT");
  await expect(page.getByTestId("error-page")).toContainText("Product not found");
  await expect(page.getByRole("link", { name: "Back to the shop" })).toBeVisible();
});

test("an unknown path gets the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("Page not found");
});

test("/products/:id redirects to /product/:id", async ({ page, request }) => {
  const product = await productNamed(request, "Apple iPad Air 11 M2");
  await page.goto(`/products/${product._id}`);
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
});
