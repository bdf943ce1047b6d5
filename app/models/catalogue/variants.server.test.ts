import { beforeAll, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { optionsSchema, variantsSchema } from "~/lib/variant-schema";
import type { ProductOption } from "~/lib/variants";
import { refusal } from "../../../tests/unit/refusals";
import { SHIPPING } from "../../../tests/unit/buying";
import { createProduct, createUser, stockOf } from "../../../tests/unit/fixtures";
import { loadCart, removeCartLine, setCartLine, stepCartLine, userCart } from "~/models/cart";
import { releaseReservation, reserveOrder, takeStockAgain } from "~/models/checkout";
import { updateProduct } from "./admin-products.server";
import { getOrder } from "~/models/orders";
import { getProduct } from "./products.server";
import { saveShippingInfo } from "~/models/pricing";
import { getUserById } from "~/models/accounts";
import { saveOptions, saveVariants, variantsOf } from "./variants.server";
import { listProductsPage } from "./admin-products.server";
import { tableQuery } from "../../../tests/unit/fixtures";

// Variants on both engines: the options make the combinations, the product keeps the lowest price
// and the total stock, a cart line and an order name their variant, and stock is taken per variant
// under the same guarantee as a product's (the last unit goes to one of two buyers).

beforeAll(() => followCatalogueVersion());

const MEMORY: ProductOption = { name: "Memory", values: ["8 GB", "16 GB"] };
const COLOUR: ProductOption = { name: "Colour", values: ["Silver", "Black"] };

/** A product with these options, and its variants priced and stocked as given (by title). */
async function productWith(
  options: ProductOption[],
  variants: Record<string, { price: string; stock: string; sku?: string }>,
) {
  const productId = await createProduct({ priceCents: 500_00, stock: 7, images: 2 });
  await saveOptions(productId, optionsSchema.parse({ options }));
  const rows = Object.entries(variants).map(([title, v]) => ({ title, ...v }));
  await saveVariants(
    productId,
    variantsSchema(options, { fromForm: false, locale: "en-US" }).parse({ variants: rows }),
  );
  const { variants: saved } = await variantsOf(productId);
  const idOf = (title: string) => saved.find((v) => v.title === title)!.id;
  return { productId, idOf };
}

async function buyerWith(lines: { productId: string; variantId: string; quantity: number }[]) {
  const userId = await createUser();
  await saveShippingInfo(userId, SHIPPING);
  for (const { quantity, ...item } of lines) await setCartLine(userCart(userId), item, quantity);
  return (await getUserById(userId))!;
}

describe("options and variants", () => {
  it("make a variant of each combination; the product keeps the lowest price and the total stock", async () => {
    const productId = await createProduct({ priceCents: 500_00, stock: 7 });
    await saveOptions(productId, [MEMORY, COLOUR]);
    const made = await variantsOf(productId);
    expect(made.options).toEqual([MEMORY, COLOUR]);
    // New combinations: the product's price, no stock yet.
    expect(made.variants.map((v) => [v.title, v.priceCents, v.stock])).toEqual([
      ["8 GB / Silver", 500_00, 0],
      ["8 GB / Black", 500_00, 0],
      ["16 GB / Silver", 500_00, 0],
      ["16 GB / Black", 500_00, 0],
    ]);
    expect(await stockOf(productId)).toBe(0);

    const schema = variantsSchema([MEMORY, COLOUR], { fromForm: false, locale: "en-US" });
    await saveVariants(
      productId,
      schema.parse({
        variants: [
          { options: ["8 GB", "Silver"], price: "499", stock: "3", sku: "LAP-8-S" },
          { options: ["16 GB", "Silver"], price: "649.50", stock: "2", sku: "LAP-16-S" },
        ],
      }),
    );
    const product = (await getProduct(productId))!;
    expect(product.variants.map((v) => [v.title, v.sku, v.priceCents, v.stock])).toEqual([
      ["8 GB / Silver", "LAP-8-S", 499_00, 3],
      ["16 GB / Silver", "LAP-16-S", 649_50, 2],
    ]);
    expect({ price: product.priceCents, stock: product.stock }).toEqual({ price: 499_00, stock: 5 });

    // A new value keeps the variants whose combination stays, with their price, stock and SKU.
    await saveOptions(productId, [{ name: "Memory", values: ["8 GB", "16 GB", "32 GB"] }, COLOUR]);
    const after = await variantsOf(productId);
    expect(after.variants.find((v) => v.title === "16 GB / Silver")).toMatchObject({ sku: "LAP-16-S", stock: 2 });
    expect(after.variants).toHaveLength(6);

    // A third option: each variant carries on as its first value's.
    await saveOptions(productId, [
      { name: "Memory", values: ["8 GB", "16 GB", "32 GB"] },
      COLOUR,
      { name: "Keyboard", values: ["US", "UK"] },
    ]);
    const extended = await variantsOf(productId);
    expect(extended.variants).toHaveLength(12);
    expect(extended.variants.find((v) => v.title === "16 GB / Silver / US")).toMatchObject({
      sku: "LAP-16-S",
      stock: 2,
    });
    expect(extended.variants.find((v) => v.title === "16 GB / Silver / UK")).toMatchObject({ sku: null, stock: 0 });

    // No options: no variants, and the product keeps the price and stock it had.
    await saveOptions(productId, []);
    expect(await variantsOf(productId)).toEqual({ options: [], variants: [] });
    expect(await stockOf(productId)).toBe(5);
  });

  it("refuses a SKU another product's variant has, and a picture that is not the product's", async () => {
    await productWith([MEMORY], { "8 GB": { price: "10", stock: "1", sku: "TAKEN-1" } });
    const other = await createProduct();
    await saveOptions(other, [MEMORY]);
    const schema = variantsSchema([MEMORY], { fromForm: false, locale: "en-US" });
    expect(
      await refusal(
        saveVariants(other, schema.parse({ variants: [{ title: "8 GB", price: "1", stock: "1", sku: "TAKEN-1" }] })),
      ),
    ).toEqual({ message: "Another product's variant has this SKU", status: 409, field: "variants[0].sku" });
    expect(
      await refusal(
        saveVariants(
          other,
          schema.parse({ variants: [{ title: "8 GB", price: "1", stock: "1", image: "/elsewhere.png" }] }),
        ),
      ),
    ).toEqual({ message: "Choose one of the product's pictures", status: 400, field: "variants[0].image" });
  });

  it("keep their price and stock when the product form is saved with others", async () => {
    const { productId } = await productWith([MEMORY], { "8 GB": { price: "10", stock: "4" } });
    const product = (await getProduct(productId))!;
    await updateProduct(productId, { ...product, price: 1, stock: 99, weightGrams: null, name: "Renamed" }, []);
    expect(await getProduct(productId)).toMatchObject({ name: "Renamed", priceCents: 10_00, stock: 4 });
  });

  it("count in the admin's low and out of stock filters, by variant", async () => {
    const { productId } = await productWith([MEMORY], {
      "8 GB": { price: "10", stock: "0" },
      "16 GB": { price: "20", stock: "40" },
    });
    const out = await listProductsPage(tableQuery("createdAt", { q: productId }), "out");
    expect(out.rows.map((r) => [r.id, r.stock, r.variantsOut, r.variantsLow])).toEqual([[productId, 40, 1, 0]]);
    const low = await listProductsPage(tableQuery("createdAt", { q: productId }), "low");
    expect(low.rows).toEqual([]);
  });
});

describe("a cart of variants", () => {
  it("holds a line per variant, priced and stocked by it; a product with options needs one named", async () => {
    const { productId, idOf } = await productWith([MEMORY], {
      "8 GB": { price: "499", stock: "3" },
      "16 GB": { price: "649", stock: "1" },
    });
    const cart = userCart(await createUser());
    await setCartLine(cart, { productId, variantId: idOf("8 GB") }, 2);
    await setCartLine(cart, { productId, variantId: idOf("16 GB") }, 1);
    const { lines } = await loadCart(cart);
    expect(lines.map((l) => [l.variantTitle, l.priceCents, l.stock, l.quantity])).toEqual([
      ["8 GB", 499_00, 3, 2],
      ["16 GB", 649_00, 1, 1],
    ]);

    expect(await refusal(setCartLine(cart, { productId, variantId: idOf("16 GB") }, 2))).toEqual({
      message: "Only 1 left in stock.",
      status: 409,
      field: "quantity",
    });
    expect(await refusal(setCartLine(cart, productId, 1))).toMatchObject({ status: 400, field: "variant" });
    expect(await refusal(setCartLine(cart, { productId, variantId: "nope" }, 1))).toMatchObject({
      status: 400,
      field: "variant",
    });

    await stepCartLine(cart, { productId, variantId: idOf("8 GB") }, 1);
    await removeCartLine(cart, { productId, variantId: idOf("16 GB") });
    expect((await loadCart(cart)).lines.map((l) => [l.variantTitle, l.quantity])).toEqual([["8 GB", 3]]);
  });

  it("drops, with a word, a line whose variant is no longer sold", async () => {
    const { productId, idOf } = await productWith([MEMORY], {
      "8 GB": { price: "10", stock: "3" },
      "16 GB": { price: "20", stock: "3" },
    });
    const cart = userCart(await createUser());
    await setCartLine(cart, { productId, variantId: idOf("16 GB") }, 1);
    await saveVariants(
      productId,
      variantsSchema([MEMORY], { fromForm: false, locale: "en-US" }).parse({
        variants: [{ title: "8 GB", price: "10", stock: "3" }],
      }),
    );
    const { lines, notices } = await loadCart(cart);
    expect(lines).toEqual([]);
    const { name } = (await getProduct(productId))!;
    expect(notices).toEqual([`The version of ${name} you chose is no longer sold: choose another on its page.`]);

    // Its options removed: a line of a variant goes too, and says how to buy it now.
    await setCartLine(cart, { productId, variantId: idOf("8 GB") }, 1);
    await saveOptions(productId, []);
    expect(await loadCart(cart)).toEqual({
      lines: [],
      notices: [`${name} is now sold in one version only: add it again from its page.`],
    });
  });
});

describe("stock per variant", () => {
  it("is taken by the order, which names the variant, and given back by its release", async () => {
    const { productId, idOf } = await productWith([MEMORY, COLOUR], {
      "8 GB / Silver": { price: "499", stock: "3", sku: "L8S" },
      "16 GB / Black": { price: "649", stock: "2", sku: "L16B" },
    });
    const user = await buyerWith([
      { productId, variantId: idOf("8 GB / Silver"), quantity: 2 },
      { productId, variantId: idOf("16 GB / Black"), quantity: 1 },
    ]);
    const { order } = await reserveOrder(user);
    expect(order.itemsPriceCents).toBe(2 * 499_00 + 649_00);
    const lines = (await getOrder(order.id))!.lines;
    expect(lines.map((l) => [l.variantTitle, l.sku, l.priceCents, l.quantity])).toEqual(
      expect.arrayContaining([
        ["8 GB / Silver", "L8S", 499_00, 2],
        ["16 GB / Black", "L16B", 649_00, 1],
      ]),
    );
    const stocks = async () =>
      Object.fromEntries((await variantsOf(productId)).variants.map((v) => [v.title, v.stock]));
    expect(await stocks()).toEqual({ "8 GB / Silver": 1, "16 GB / Black": 1 });
    expect(await stockOf(productId)).toBe(2);

    expect(await commitTogether((tx) => releaseReservation(tx, order.id))).toBe(true);
    expect(await stocks()).toEqual({ "8 GB / Silver": 3, "16 GB / Black": 2 });
    expect(await stockOf(productId)).toBe(5);

    // Paid after its release: taken again, all of it.
    expect(await commitTogether((tx) => takeStockAgain(tx, order.id))).toBe(true);
    expect(await stocks()).toEqual({ "8 GB / Silver": 1, "16 GB / Black": 1 });
    expect(await stockOf(productId)).toBe(2);
  });

  it("goes to exactly one of two buyers of a variant's last unit at the same moment", async () => {
    const { productId, idOf } = await productWith([MEMORY], {
      "8 GB": { price: "499", stock: "5" },
      "16 GB": { price: "649", stock: "1" },
    });
    const last = { productId, variantId: idOf("16 GB"), quantity: 1 };
    const [first, second] = [await buyerWith([last]), await buyerWith([last])];
    const outcomes = await Promise.allSettled([reserveOrder(first), reserveOrder(second)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === "rejected" ? [[o.reason.status, o.reason.message]] : []))).toEqual([
      [409, expect.stringMatching(/16 GB\) is out of stock\.$/)],
    ]);
    expect(Object.fromEntries((await variantsOf(productId)).variants.map((v) => [v.title, v.stock]))).toEqual({
      "8 GB": 5,
      "16 GB": 0,
    });
    expect(await stockOf(productId)).toBe(5);
  });
});
