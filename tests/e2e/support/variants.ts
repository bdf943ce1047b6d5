import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

export type ApiVariant = {
  _id: string;
  title: string;
  options: string[];
  sku: string | null;
  price: number;
  stock: number;
};
export type ApiProductWithVariants = {
  _id: string;
  name: string;
  price: number;
  stock: number;
  variants: ApiVariant[];
};

/**
 * A laptop of the test's own (on the shared shop: tag the test CATALOGUE_WRITE) sold in Memory and
 * Colour: 8 GB / Silver $499 (3 left), 8 GB / Black $499 sold out, 16 GB / Silver $649 (2 left);
 * 16 GB / Black is not made. Made through the admin API.
 */
export async function laptopWithVariants(admin: APIRequestContext, name: string): Promise<ApiProductWithVariants> {
  const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg")).toString("base64");
  const created = await admin.post("/api/v1/admin/product/new", {
    data: {
      name,
      price: "499",
      description: "A laptop sold in variants.",
      category: "Laptops",
      seller: "Variant Test",
      stock: "0",
      images: [`data:image/jpeg;base64,${jpeg}`, `data:image/jpeg;base64,${jpeg}`],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = await created.json();
  const options = await admin.put(`/api/v1/admin/product/${product._id}/options`, {
    data: {
      options: [
        { name: "Memory", values: ["8 GB", "16 GB"] },
        { name: "Colour", values: ["Silver", "Black"] },
      ],
    },
  });
  expect(options.status(), await options.text()).toBe(200);
  const variants = await admin.put(`/api/v1/admin/product/${product._id}/variants`, {
    data: {
      variants: [
        { options: ["8 GB", "Silver"], price: 499, stock: 3, sku: `${product._id}-8S` },
        { options: ["8 GB", "Black"], price: 499, stock: 0 },
        { options: ["16 GB", "Silver"], price: 649, stock: 2, sku: `${product._id}-16S` },
      ],
    },
  });
  expect(variants.status(), await variants.text()).toBe(200);
  return (await variants.json()).product;
}

/** The variant of `product` with this title. */
export const variantTitled = (product: ApiProductWithVariants, title: string) =>
  product.variants.find((v) => v.title === title)!;
