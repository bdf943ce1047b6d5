import { expect, test } from "../support/openapi-check";
import { DEMO_ADMIN } from "../support/accounts";
import { expectRefused } from "../support/api-refusals";
import { CATALOGUE_WRITE } from "../support/catalogue-write";
import { confirmAsStripeJs } from "../support/orders";
import { laptopWithVariants, variantTitled } from "../support/variants";

// Variants through /api/v1: the admin's options and variants (and their refusals), a product's
// variants in its JSON, and a client cart that names the variant it pays for.

test(
  "the admin sets options and variants; a client cart prices, pays for and orders a variant",
  { tag: CATALOGUE_WRITE },
  async ({ playwright, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await playwright.request.newContext({ baseURL });
    const anyone = await playwright.request.newContext({ baseURL });
    const shopper = await playwright.request.newContext({ baseURL });
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    const laptop = await laptopWithVariants(admin, `API Variant Laptop ${Date.now()}`);

    // The product: the lowest price, the total stock, each variant with its own.
    const read = (await (await anyone.get(`/api/v1/product/${laptop._id}`)).json()).product;
    expect({ price: read.price, stock: read.stock }).toEqual({ price: 499, stock: 5 });
    expect(read.options).toEqual([
      { name: "Memory", values: ["8 GB", "16 GB"] },
      { name: "Colour", values: ["Silver", "Black"] },
    ]);
    expect(
      read.variants.map((v: { title: string; price: number; stock: number }) => [v.title, v.price, v.stock]),
    ).toEqual([
      ["8 GB / Silver", 499, 3],
      ["8 GB / Black", 499, 0],
      ["16 GB / Silver", 649, 2],
    ]);

    // Refusals, each in words.
    const options = `/api/v1/admin/product/${laptop._id}/options`;
    const variants = `/api/v1/admin/product/${laptop._id}/variants`;
    await expectRefused(
      await admin.put(options, { data: { options: [{ name: "Memory", values: "8 GB, 8 gb" }] } }),
      400,
      "Each value once",
    );
    await expectRefused(
      await admin.put(options, { data: { options: [{ name: "", values: ["A"] }] } }),
      400,
      "Name this option, such as Memory or Colour",
    );
    await expectRefused(
      await admin.put(variants, { data: { variants: [{ options: ["32 GB", "Silver"], price: 1, stock: 1 }] } }),
      400,
      "Choose one value of each of the product's options",
    );
    await expectRefused(
      await admin.put(variants, { data: { variants: [{ options: ["8 GB", "Silver"], price: "cheap", stock: 1 }] } }),
      400,
      "The price must be an amount such as 25 or 19.99",
    );
    const other = await laptopWithVariants(admin, `API Variant Laptop Two ${Date.now()}`);
    await expectRefused(
      await admin.put(`/api/v1/admin/product/${other._id}/variants`, {
        data: {
          variants: [
            { options: ["8 GB", "Silver"], price: 1, stock: 1, sku: variantTitled(laptop, "8 GB / Silver").sku },
          ],
        },
      }),
      409,
      "Another product's variant has this SKU",
    );
    await expectRefused(
      await admin.put(`/api/v1/admin/product/nothing-here/options`, { data: { options: [] } }),
      404,
      "Product not found",
    );
    await expectRefused(
      await anyone.put(options, { data: { options: [] } }),
      401,
      "Login first to access this resource.",
    );

    // A client cart: the variant is priced by its own price; none named, or one not the product's, is refused.
    const sixteen = variantTitled(laptop, "16 GB / Silver");
    const cart = (items: object[]) => ({ orderItems: items, shippingInfo: { country: "France" } });
    const quoted = await anyone.post("/api/v1/order/quote", {
      data: cart([{ product: laptop._id, variant: sixteen._id, quantity: 1 }]),
    });
    expect(quoted.status()).toBe(200);
    // $649, free shipping (over $200), 5% tax ($32.45).
    expect((await quoted.json()).quote).toMatchObject({
      itemsPrice: 649,
      shippingPrice: 0,
      taxPrice: 32.45,
      totalPrice: 681.45,
    });
    await expectRefused(
      await anyone.post("/api/v1/order/quote", { data: cart([{ product: laptop._id, quantity: 1 }]) }),
      400,
      `Choose which ${laptop.name} you want: it comes in several versions.`,
    );
    await expectRefused(
      await anyone.post("/api/v1/order/quote", {
        data: cart([{ product: laptop._id, variant: variantTitled(other, "8 GB / Silver")._id, quantity: 1 }]),
      }),
      404,
      `The product ${laptop._id} has no variant ${variantTitled(other, "8 GB / Silver")._id}.`,
    );

    // Paid and ordered: the order names the variant, and its stock falls.
    await shopper.post("/api/v1/register", {
      data: { name: "Variant Client", email: `variant-${Date.now()}@example.com`, password: "password-123" },
    });
    const intent = await shopper.post("/api/v1/payment/process", { data: { amount: 681_45 } });
    const { intentId } = await confirmAsStripeJs(shopper, (await intent.json()).client_secret);
    const created = await shopper.post("/api/v1/order/new", {
      data: {
        paymentInfo: { id: intentId, status: "succeeded" },
        orderItems: [{ product: laptop._id, variant: sixteen._id, quantity: 1 }],
        shippingInfo: {
          address: "12 Rue de la Paix",
          city: "Paris",
          phoneNo: "+33 1 23 45 67 89",
          postalCode: "75002",
          country: "France",
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect((await created.json()).order.orderItems).toEqual([
      expect.objectContaining({
        product: laptop._id,
        variant: sixteen._id,
        variantTitle: "16 GB / Silver",
        sku: sixteen.sku,
      }),
    ]);
    const after = (await (await anyone.get(`/api/v1/product/${laptop._id}`)).json()).product;
    expect(variantTitled(after, "16 GB / Silver").stock).toBe(1);
    expect(after.stock).toBe(4);

    // No options: the product has no variants again, and keeps its price and stock.
    const cleared = await admin.put(options, { data: { options: [] } });
    expect(cleared.status()).toBe(200);
    expect((await cleared.json()).product).toMatchObject({ options: [], variants: [], price: 499, stock: 4 });
    for (const context of [admin, anyone, shopper]) await context.dispose();
  },
);
