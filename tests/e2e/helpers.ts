import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_ADMIN } from "./support/accounts";

export type ApiProduct = {
  _id: string;
  name: string;
  price: number;
  stock: number;
  category: string;
  seller: string;
  description: string;
  numOfReviews: number;
  ratings: number;
  images: { _id: string; url: string }[];
  reviews: { name: string; comment: string }[];
};

/** The path of an absolute URL the API gives: the pages use relative URLs for the same files. */
export const pathOf = (url: string) => new URL(url).pathname;

/** The demo product whose name is exactly `name`, looked up through the public API. */
export async function productNamed(request: APIRequestContext, name: string): Promise<ApiProduct> {
  const response = await request.get(`/api/v1/products?keyword=${encodeURIComponent(name)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { products: ApiProduct[] };
  const product = body.products.find((p) => p.name === name);
  if (!product) throw new Error(`No demo product named ${name}`);
  return product;
}

export const money = (dollars: number) =>
  `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A product of the test's own, made by the demo admin through the API (tests that add one carry the
 * tag CATALOGUE_WRITE): `word`, unique to the test and project, starts its name. `admin` is the
 * admin's API context; `remove()` deletes the product and closes it.
 */
export async function probeProduct(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  probe: { word: string; name: string; description: string; stock: string },
) {
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  const fields = {
    name: `${probe.word} ${probe.name}`,
    description: probe.description,
    category: "Home",
    seller: "Probe Seller",
    price: "10.00",
  };
  const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
  const created = await admin.post("/api/v1/admin/product/new", {
    data: { ...fields, stock: probe.stock, images: [`data:image/jpeg;base64,${jpeg.toString("base64")}`] },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { _id: string } };
  return {
    admin,
    fields,
    id: product._id,
    remove: async () => {
      await admin.delete(`/api/v1/admin/product/${product._id}`);
      await admin.dispose();
    },
  };
}

/** A word no other test or project uses, for a probe product's name. */
export const probeWord = (prefix: string, project: string) => `${prefix}${project.replace(/\W/g, "")}${Date.now()}`;
