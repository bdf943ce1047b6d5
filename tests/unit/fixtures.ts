import { createId } from "@paralleldrive/cuid2";
import { db } from "~/db/client.server";
import { productImages, products, reviews, users } from "~/db/schema";
import type { Category } from "~/lib/categories";

let clock = Date.UTC(2026, 0, 1);

type ProductInput = Partial<{
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  seller: string;
  stock: number;
  ratings: number;
  images: number;
}>;

/** Inserts a product; each call is one minute newer than the last, so "latest first" is known. */
export function createProduct(input: ProductInput = {}) {
  const id = createId();
  clock += 60_000;
  db.insert(products)
    .values({
      id,
      name: input.name ?? `Product ${id.slice(0, 6)}`,
      description: input.description ?? "A plain test product.",
      priceCents: input.priceCents ?? 1000,
      category: input.category ?? "Electronics",
      seller: input.seller ?? "Test Seller",
      stock: input.stock ?? 5,
      ratings: input.ratings ?? 0,
      createdAt: new Date(clock),
    })
    .run();
  for (let i = 0; i < (input.images ?? 1); i++) {
    db.insert(productImages).values({ productId: id, url: `/uploads/test/${id}-${i}.svg`, position: i }).run();
  }
  return id;
}

export function createUser(name = "Test User") {
  const id = createId();
  db.insert(users).values({ id, name, email: `${id}@example.com`, passwordHash: "x" }).run();
  return id;
}

export function addReview(productId: string, userId: string, rating: number, comment = "Fine.") {
  db.insert(reviews).values({ productId, userId, rating, comment }).run();
}

export function clearCatalogue() {
  db.delete(products).run();
}
