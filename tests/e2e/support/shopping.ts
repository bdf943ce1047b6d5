import { expect, type Page } from "@playwright/test";
import { productNamed } from "../helpers";

export const SHIPPING = { address: "12 Rue de la Paix", city: "Paris", phoneNo: "+33 1 23 45 67 89", postalCode: "75002", country: "France" };

/** Adds a demo product to the cart from its page, as a shopper would. */
export async function addToCart(page: Page, name: string, quantity = 1) {
  const product = await productNamed(page.request, name);
  await page.goto(`/product/${product._id}`);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Item Added to Cart");
  return product;
}

export async function fillShipping(page: Page, info = SHIPPING) {
  await page.getByLabel("Address").fill(info.address);
  await page.getByLabel("City").fill(info.city);
  await page.getByLabel("Phone No").fill(info.phoneNo);
  await page.getByLabel("Postal Code").fill(info.postalCode);
  await page.getByLabel("Country").selectOption(info.country);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  // Saved: the next step shows (with JavaScript the post is a fetch, so wait for it).
  await expect(page).toHaveURL(/\/confirm$/);
}

export async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel("Card Number").fill(cardNumber);
  await page.getByLabel("Card Expiry").fill("12/34");
  await page.getByLabel("Card CVC").fill("123");
  await page.getByRole("button", { name: /^Pay - \$/ }).click();
}
