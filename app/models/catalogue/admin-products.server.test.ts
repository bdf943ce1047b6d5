import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { orderLines, orders } from "~/db/schema";
import { PAYMENT } from "~/lib/order-states";
import { productSchema } from "~/lib/product-schema";
import { LOW_STOCK_THRESHOLD } from "~/lib/stock";
import type { ProductSort } from "~/lib/admin-sorts";
import { pngBomb } from "../../../tests/e2e/support/png-bomb";
import {
  addCategories,
  clearCatalogue,
  createProduct as insertProduct,
  tableQuery,
} from "../../../tests/unit/fixtures";
import {
  countProductsWithoutWeight,
  createProduct,
  deleteProduct,
  deleteProducts,
  listProductsPage,
  productProblems,
  removeUnusedImages,
  storeProductImages,
  updateProduct,
} from "./admin-products.server";
import { nextOrderNumber } from "~/db/dialect";
import { getProduct } from "./products.server";

const input = productSchema("en-US").parse({
  name: "Picture Frame",
  price: "12.50",
  description: "Holds a picture.",
  category: "Home",
  seller: "Frames Inc",
  stock: "4",
});
const png = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
const fileOf = (url: string) => path.join(config.uploadsDir, url.replace(/^\/uploads\//, ""));
const urlsOf = async (id: string) => (await getProduct(id))!.images.map((i) => i.url);

// A product is saved only into one of the shop's categories (categories.server.test.ts).
beforeAll(() => addCategories("Home"));

describe("product pictures on disk", () => {
  it("replacing pictures removes the old files; deleting keeps only the one an order still shows", async () => {
    const { id } = await createProduct(input, [await png("#f00"), await png("#0f0")]);
    const first = await urlsOf(id);
    expect(first.every((url) => fs.existsSync(fileOf(url)))).toBe(true);

    await updateProduct(id, input, [await png("#00f"), await png("#ff0")]);
    expect(first.some((url) => fs.existsSync(fileOf(url)))).toBe(false);
    const [bought, other] = await urlsOf(id);

    // An order bought with the first picture keeps pointing at its file.
    const [order] = await commitTogether((tx) =>
      tx
        .insert(orders)
        .values({
          orderNumber: nextOrderNumber(),
          userName: "Buyer",
          shippingAddress: "1 Main St",
          shippingCity: "Springfield",
          shippingPhoneNo: "555 0100",
          shippingPostalCode: "12345",
          shippingCountry: "France",
          paymentStatus: PAYMENT.succeeded,
          itemsPriceCents: 12_50,
          shippingPriceCents: 25_00,
          taxPriceCents: 63,
          totalPriceCents: 38_13,
        })
        .returning(),
    );
    await commitTogether((tx) =>
      tx
        .insert(orderLines)
        .values({ orderId: order.id, productId: id, name: input.name, priceCents: 12_50, quantity: 1, image: bought }),
    );

    await deleteProduct(id);
    expect(fs.existsSync(fileOf(bought))).toBe(true);
    expect(fs.existsSync(fileOf(other))).toBe(false);
  });
});

describe("a decompression bomb among a product's pictures", () => {
  it("is refused as the images field's error, and none of the pictures is kept", async () => {
    const dir = path.join(config.uploadsDir, "products");
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const before = files();
    await expect(createProduct({ ...input, name: "Bomb Frame" }, [await png("#abc"), pngBomb()])).rejects.toMatchObject(
      {
        status: 400,
        field: "images",
        message: "This image is 16,000 × 16,000 pixels; images can be at most 50 megapixels.",
      },
    );
    expect(files()).toEqual(before);
  });
});

describe("how many pictures", () => {
  it("a product takes at most 10 images; more are refused before any is stored", async () => {
    const eleven = await Promise.all(Array.from({ length: 11 }, () => png("#123")));
    await expect(createProduct({ ...input, name: "Too Many Pictures" }, eleven)).rejects.toMatchObject({
      status: 400,
      field: "images",
      message: "A product can have at most 10 images",
    });
    const { id } = await createProduct(input, eleven.slice(0, 10));
    expect(await urlsOf(id)).toHaveLength(10);
    await expect(updateProduct(id, input, eleven)).rejects.toMatchObject({ status: 400, field: "images" });
    expect(await urlsOf(id)).toHaveLength(10);
  });
});

describe("a refused form keeps its pictures", () => {
  it("gathers every model check at once: no picture and an unknown category", async () => {
    expect(await productProblems("Nowhere", 0, true)).toEqual({
      images: "Please add at least one image",
      category: "Please select correct category for product",
    });
    expect(await productProblems("Home", 11, false)).toEqual({ images: "A product can have at most 10 images" });
    // An update without new pictures keeps the current ones.
    expect(await productProblems("Home", 0, false)).toEqual({});
  });

  it("stores the good pictures and names the refused one; the stored ones then make the product", async () => {
    const { urls, error } = await storeProductImages([await png("#a0a"), pngBomb(), await png("#0aa")]);
    expect(error).toBe("This image is 16,000 × 16,000 pixels; images can be at most 50 megapixels.");
    expect(urls).toHaveLength(2);
    expect(urls.every((url) => fs.existsSync(fileOf(url)))).toBe(true);

    const { id } = await createProduct({ ...input, name: "Kept Frame" }, [], urls);
    expect(await urlsOf(id)).toEqual(urls);
    // A picture a product shows is not removed as unused; one nobody shows is.
    const [spare] = (await storeProductImages([await png("#aa0")])).urls;
    await removeUnusedImages([...urls, spare]);
    expect(urls.every((url) => fs.existsSync(fileOf(url)))).toBe(true);
    expect(fs.existsSync(fileOf(spare))).toBe(false);
  });
});

describe("the admin's product list", () => {
  const query = tableQuery<ProductSort>("stock");
  async function stocked() {
    await clearCatalogue();
    const ids: Record<number, string> = {};
    for (const stock of [0, 1, LOW_STOCK_THRESHOLD, LOW_STOCK_THRESHOLD + 1])
      ids[stock] = await insertProduct({ stock, name: `Stock ${stock}`, images: 2 });
    return ids;
  }

  it("shows each product's category, stock and first picture", async () => {
    const ids = await stocked();
    const { rows, total } = await listProductsPage(query);
    expect(total).toBe(4);
    expect(rows[0]).toEqual({
      id: ids[0],
      name: "Stock 0",
      category: "Electronics",
      priceCents: 1000,
      stock: 0,
      // A product without variants: none of them out of stock or low.
      variantsOut: 0,
      variantsLow: 0,
      thumbnail: `/uploads/test/${ids[0]}-0.svg`,
    });
  });

  it("filters low stock (1 to the threshold) and out of stock (0), with the search", async () => {
    const ids = await stocked();
    expect((await listProductsPage(query, "low")).rows.map((r) => r.id)).toEqual([ids[1], ids[LOW_STOCK_THRESHOLD]]);
    expect(await listProductsPage(query, "out")).toMatchObject({ total: 1, rows: [{ id: ids[0] }] });
    expect((await listProductsPage({ ...query, q: `Stock ${LOW_STOCK_THRESHOLD}` }, "low")).total).toBe(1);
    expect((await listProductsPage({ ...query, q: "Stock 1" }, "out")).total).toBe(0);
  });

  it("counts and lists the products without a weight, for the owner of a weight rate", async () => {
    const ids = await stocked();
    const weighed = await insertProduct({ name: "Weighed", weightGrams: 500 });
    expect(await countProductsWithoutWeight()).toBe(4);
    const { rows } = await listProductsPage(query, undefined, true);
    expect(rows.map((r) => r.id).sort()).toEqual(Object.values(ids).sort());
    expect(rows.map((r) => r.id)).not.toContain(weighed);
    expect((await listProductsPage(query, "out", true)).rows.map((r) => r.id)).toEqual([ids[0]]);
  });

  it("deletes several products at once and names the ids it did not find", async () => {
    const ids = await stocked();
    const result = await deleteProducts([ids[0], ids[1], "no-such-product"]);
    expect(result).toEqual({ deleted: ["Stock 0", "Stock 1"], missing: ["no-such-product"] });
    expect((await listProductsPage(query)).rows.map((r) => r.id)).toEqual([
      ids[LOW_STOCK_THRESHOLD],
      ids[LOW_STOCK_THRESHOLD + 1],
    ]);
  });
});
