import { expect, test } from "@playwright/test";
import { pathOf, productNamed } from "../helpers";

test("the quantity stepper stays within 1 and the stock", async ({ page, request }) => {
  const product = await productNamed(request, "Sony Alpha 7 IV Mirrorless Camera");
  expect(product.stock).toBe(3);
  await page.goto(`/product/${product._id}`);
  const minus = page.getByRole("button", { name: "Decrease quantity" });
  const plus = page.getByRole("button", { name: "Increase quantity" });
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(minus).toBeDisabled();
  await plus.click();
  await plus.click();
  await expect(quantity).toHaveValue("3");
  await expect(plus).toBeDisabled();
  await minus.click();
  await expect(quantity).toHaveValue("2");
});

test("a toast sits at the bottom centre and hides itself after 5 seconds", async ({ page, request }) => {
  const product = await productNamed(request, "Amazon Echo Dot 5th Gen");
  await page.goto(`/product/${product._id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveText("Item added to cart");
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2)).toBeLessThan(4);
  expect(viewport.height - (box!.y + box!.height)).toBeLessThan(40);
  await expect(toast).toBeHidden({ timeout: 8000 });
});

test("the carousel advances by itself", async ({ page, request }) => {
  const product = await productNamed(request, "Apple iPad Air 11 M2");
  await page.goto(`/product/${product._id}`);
  const active = page.locator(".carousel-item.active img");
  await expect(active).toHaveAttribute("src", pathOf(product.images[0].url));
  await page.mouse.move(0, 0); // not hovering: hovering pauses it
  await expect(active).toHaveAttribute("src", pathOf(product.images[1].url), { timeout: 9000 });
});

test("the user-facing search box keeps working after client-side navigation", async ({ page }) => {
  await page.goto("/");
  await page
    .getByTestId("product-card")
    .first()
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/product\//);
  await page.getByPlaceholder("Enter Product Name ...").fill("headphones");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\/headphones$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("the product form previews the chosen images before upload", async ({ page }) => {
  await page.goto("/lgn");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("admin12345");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.locator(".user-menu > summary")).toContainText("Demo Admin");
  await page.goto("/admin/product");
  await page.getByLabel("Images").setInputFiles(["public/images/default_avatar.jpg", "public/images/profile.png"]);
  await expect(page.getByTestId("chosen-images").locator("img")).toHaveCount(2);
  await expect(page.getByTestId("chosen-images").locator("img").first()).toHaveAttribute("src", /^blob:/);
});

test("the avatar field previews the chosen picture", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByTestId("avatar-preview")).toHaveAttribute("src", "/images/default_avatar.jpg");
  await page.getByLabel("Avatar").setInputFiles("public/images/profile.png");
  await expect(page.getByTestId("avatar-preview")).toHaveAttribute("src", /^blob:/);
});

test("the search page's sort applies as soon as it is chosen", async ({ page }) => {
  await page.goto("/search?category=Laptops");
  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(page.getByTestId("product-card").first()).toContainText("Apple MacBook Pro 14 M3 Pro");
});
