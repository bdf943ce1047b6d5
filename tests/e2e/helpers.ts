import { expect, type APIRequestContext } from "@playwright/test";

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
