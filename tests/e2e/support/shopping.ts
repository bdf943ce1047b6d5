import { expect, type Locator, type Page } from "@playwright/test";
import { productNamed } from "../helpers";
import { registerViaApi } from "./accounts";

/** The specification's shipping fields (what the original client sends). */
export const SHIPPING = {
  address: "12 Rue de la Paix",
  city: "Paris",
  phoneNo: "+33 1 23 45 67 89",
  postalCode: "75002",
  country: "France",
};
/** What the shipping form posts: the spec's fields and the recipient, whom the form asks for. */
export const SHIPPING_FORM = { ...SHIPPING, recipientName: "Camille Martin" };

type ShippingInput = typeof SHIPPING & { recipientName?: string; state?: string };

/** Adds a demo product to the cart from its page, as a shopper would. */
export async function addToCart(page: Page, name: string, quantity = 1) {
  const product = await productNamed(page.request, name);
  await page.goto(`/product/${product._id}`);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Item added to cart");
  return product;
}

/** Fills and sends the shipping form; the recipient is left as prefilled (the buyer) unless given. */
export async function fillShipping(page: Page, info: ShippingInput = SHIPPING) {
  if (info.recipientName !== undefined) await page.getByLabel("Recipient Name").fill(info.recipientName);
  await page.getByLabel("Address").fill(info.address);
  await page.getByLabel("City").fill(info.city);
  if (info.state !== undefined) await page.getByLabel("State / Region (optional)").fill(info.state);
  await page.getByLabel("Phone No").fill(info.phoneNo);
  await page.getByLabel("Postal Code").fill(info.postalCode);
  await page.getByLabel("Country").selectOption(info.country);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  // Saved: the next step shows (with JavaScript the post is a fetch, so wait for it).
  await expect(page).toHaveURL(/\/confirm$/);
}

/** The address block's lines as shown (recipient, street, city and postal code, country). */
export async function expectAddress(address: Locator, lines: string[]) {
  await expect(address).toContainText(lines[0]);
  expect(
    (await address.innerText())
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
  ).toEqual(lines);
}

export async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel("Card Number").fill(cardNumber);
  await page.getByLabel("Card Expiry").fill("12/34");
  await page.getByLabel("Card CVC").fill("123");
  await page.getByRole("button", { name: /^Pay - \$/ }).click();
}

/** A new buyer with a product in the cart and the shipping form sent, on the payment page: the total its pay button shows. */
export async function readyToPay(page: Page, buyer: string, product = "JBL Tune 510BT On-Ear Headphones") {
  await registerViaApi(page, buyer);
  await addToCart(page, product);
  await page.goto("/shipping");
  await fillShipping(page);
  await page.goto("/payment");
  return (await page.getByRole("button", { name: /^Pay - \$/ }).textContent())!.replace("Pay - ", "");
}
