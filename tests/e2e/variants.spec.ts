import { expect, test } from "@playwright/test";
import { money } from "./helpers";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { CATALOGUE_WRITE } from "./support/catalogue-write";
import { adminApi } from "./support/discounts";
import { fillShipping, payWith } from "./support/shopping";
import { laptopWithVariants, variantTitled } from "./support/variants";
import { signInAs } from "./support/sign-in";

// A product sold in variants (JavaScript on and off): the shopper chooses with plain radio buttons
// (a GET form), the price, stock and "Add to Cart" follow, a sold-out or unmade combination says
// so; the cart, the order and its stock are per variant. The admin sets options and variants in
// plain forms. Each test makes a product of its own on the shared shop.

test(
  "a shopper chooses a variant; the cart and the paid order name it, and its stock falls",
  { tag: CATALOGUE_WRITE },
  async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(playwright, baseURL!);
    const laptop = await laptopWithVariants(admin, `Variant Laptop ${test.info().project.name} ${Date.now()}`);

    // The card says "from" the lowest price.
    const search = await page.goto(`/search/${encodeURIComponent(laptop.name)}`);
    expect(search?.status()).toBe(200);
    await expect(page.getByTestId("product-card").filter({ hasText: laptop.name })).toContainText("from $499.00");

    await registerViaApi(page, "Variant Buyer");
    await page.goto(`/product/${laptop._id}`);
    const picker = page.getByTestId("variant-picker");
    // The first in stock shows: 8 GB / Silver; Black with 8 GB is sold out.
    await expect(picker.getByRole("group", { name: /Memory/ })).toContainText("Memory: 8 GB");
    await expect(page.getByTestId("price")).toHaveText("$499.00");
    await expect(page.getByTestId("product-summary").getByText("Only 3 left")).toBeVisible();
    await expect(picker.getByText("Black (sold out)")).toBeVisible();

    const choose = async (value: string) => {
      // The radio buttons look like buttons: their labels are what is clicked.
      await picker
        .locator("label")
        .filter({ hasText: new RegExp(`^${value}( \\(|$)`) })
        .click();
      // Without JavaScript the choice is sent by the form's button; with it, at once.
      const show = picker.getByRole("button", { name: "Show this choice" });
      if (await show.isVisible()) await show.click();
    };

    // 16 GB: its own price; Black is not made with 16 GB.
    await choose("16 GB");
    await expect(page.getByTestId("price")).toHaveText("$649.00");
    await expect(page.getByTestId("product-summary").getByText("Only 2 left")).toBeVisible();
    await expect(picker.getByText("Black (not available)")).toBeVisible();
    await choose("Black");
    await expect(page.getByTestId("variant-unavailable")).toHaveText(
      "This combination is not available. Choose another.",
    );
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

    // 8 GB / Black: sold out, it cannot be added.
    await choose("8 GB");
    await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();

    // 16 GB / Silver, two of them.
    await choose("16 GB");
    await choose("Silver");
    await expect(page).toHaveURL(/option1=16\+GB/);
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Item added to cart");
    // Back on the same choice.
    await expect(page.getByTestId("price")).toHaveText("$649.00");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("line-variant")).toHaveText("16 GB / Silver");
    await expect(page.getByTestId("subtotal")).toHaveText(money(1298));

    await page.getByRole("button", { name: "Check out" }).click();
    await fillShipping(page);
    await expect(page.getByTestId("confirm-line")).toContainText(`${laptop.name} (16 GB / Silver)`);
    await page.getByRole("link", { name: "Proceed to Payment" }).click();
    await payWith(page, "4242424242424242");
    await expect(page).toHaveURL(/\/success/);
    await expect(page.getByTestId("success-line")).toContainText(`2 × ${laptop.name} (16 GB / Silver)`);

    const [order] = (await (await page.request.get("/api/v1/orders/me")).json()).orders;
    const sixteen = variantTitled(laptop, "16 GB / Silver");
    expect(order.orderItems).toEqual([
      expect.objectContaining({
        product: laptop._id,
        variant: sixteen._id,
        variantTitle: "16 GB / Silver",
        sku: sixteen.sku,
        price: 649,
        quantity: 2,
      }),
    ]);
    const after = await (await page.request.get(`/api/v1/product/${laptop._id}`)).json();
    expect(variantTitled(after.product, "16 GB / Silver").stock).toBe(0);
    expect(after.product.stock).toBe(3);
    await admin.dispose();
  },
);

test(
  "the admin sets a product's options and variants in plain forms",
  { tag: CATALOGUE_WRITE },
  async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(playwright, baseURL!);
    const laptop = await laptopWithVariants(admin, `Admin Variant Laptop ${test.info().project.name} ${Date.now()}`);
    await admin.dispose();

    await signInAs(page, DEMO_ADMIN.email);
    await page.goto(`/admin/product/${laptop._id}`);
    // Price and stock are the variants': shown, not typed.
    await expect(page.getByLabel("Price (the lowest of its variants')")).toHaveAttribute("readonly", "");
    await expect(page.getByLabel("Stock (its variants' total)")).toHaveValue("5");
    await page.getByRole("link", { name: "Options and variants: prices, stock, SKUs" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/product/${laptop._id}/variants$`));

    // A third option: each combination is a variant; those sold keep their price and stock.
    await page.getByLabel("Option 3: name").fill("Keyboard");
    await page.getByLabel("Option 3: values, separated by commas").fill("US, UK, US");
    await page.getByRole("button", { name: "Save options" }).click();
    await expect(page.getByText("Each value once")).toBeVisible();
    await expect(page.getByLabel("Option 3: name")).toHaveValue("Keyboard");
    await page.getByLabel("Option 3: values, separated by commas").fill("US");
    await page.getByRole("button", { name: "Save options" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Options saved: check each variant");
    const rows = page.getByTestId("variant-row");
    await expect(rows).toHaveCount(4);
    await expect(page.getByLabel("Price of 16 GB / Silver / US")).toHaveValue("649.00");
    await expect(page.getByLabel("Stock of 16 GB / Silver / US")).toHaveValue("2");

    // 16 GB / Black is made now; a price is needed.
    await page.getByLabel("16 GB / Black / US", { exact: true }).check();
    await page.getByLabel("Price of 16 GB / Black / US").fill("");
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByText("The price must be an amount such as 25 or 19.99")).toBeVisible();
    await page.getByLabel("16 GB / Black / US", { exact: true }).check();
    await page.getByLabel("Price of 16 GB / Black / US").fill("699.99");
    await page.getByLabel("Stock of 16 GB / Black / US").fill("7");
    await page.getByLabel("SKU of 16 GB / Black / US").fill(`${laptop._id}-16B`);
    await page.getByLabel("Picture of 16 GB / Black / US").selectOption({ label: "Picture 2" });
    await page.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Variants saved");

    const saved = (await (await page.request.get(`/api/v1/product/${laptop._id}`)).json()).product;
    expect(saved.options.map((o: { name: string }) => o.name)).toEqual(["Memory", "Colour", "Keyboard"]);
    expect(saved.variants.find((v: { title: string }) => v.title === "16 GB / Black / US")).toMatchObject({
      price: 699.99,
      stock: 7,
      sku: `${laptop._id}-16B`,
      image: saved.images[1].url,
    });
    expect(saved.stock).toBe(3 + 2 + 7);

    // The admin's out-of-stock filter finds it by its sold-out variant.
    await page.goto(`/admin/products?stock=out&q=${laptop._id}`);
    await expect(page.getByText(laptop.name)).toBeVisible();
  },
);
