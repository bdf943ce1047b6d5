import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { products, reviews } from "~/db/schema";
import type { ReviewSort } from "~/lib/admin-sorts";
import { PublicError } from "~/lib/public-error";
import { reviewSchema } from "~/lib/review-schema";
import type { TableQuery } from "~/lib/table-query";
import { clearCatalogue, createProduct, createUser, tableQuery } from "../../../tests/unit/fixtures";
import { reviewsByProduct } from "./products.server";
import { deleteReview, listReviewsPage, reviewedProducts, upsertReview } from "./reviews.server";

const ratingOf = async (productId: string) =>
  (
    await db
      .select({ ratings: products.ratings, numOfReviews: products.numOfReviews })
      .from(products)
      .where(eq(products.id, productId))
  )[0];
const reviewsOf = (productId: string) => db.select().from(reviews).where(eq(reviews.productId, productId));
const post = (userId: string, productId: string, rating: number, comment = "Fine.") =>
  upsertReview(userId, { productId, rating, comment });

beforeEach(() => clearCatalogue());

describe("posting a review", () => {
  it("creates the review and sets the product's average rating and count", async () => {
    const productId = await createProduct();
    const [ann, bob] = [await createUser("Ann"), await createUser("Bob")];
    await post(ann, productId, 4, "Good value.");
    expect(await reviewsOf(productId)).toMatchObject([{ userId: ann, rating: 4, comment: "Good value." }]);
    expect(await ratingOf(productId)).toEqual({ ratings: 4, numOfReviews: 1 });

    await post(bob, productId, 5);
    expect(await ratingOf(productId)).toEqual({ ratings: 4.5, numOfReviews: 2 });
  });

  it("posting again replaces the user's review: one per user and product", async () => {
    const productId = await createProduct();
    const other = await createProduct();
    const [ann, bob] = [await createUser("Ann"), await createUser("Bob")];
    await post(ann, productId, 1, "Broke at once.");
    await post(bob, productId, 4);
    await post(ann, other, 5);
    const [first] = (await reviewsOf(productId)).filter((r) => r.userId === ann);

    await post(ann, productId, 3, "Repaired, fine now.");
    const mine = (await reviewsOf(productId)).filter((r) => r.userId === ann);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: first.id, rating: 3, comment: "Repaired, fine now." });
    expect(await ratingOf(productId)).toEqual({ ratings: 3.5, numOfReviews: 2 });
    // The user's review of another product is its own.
    expect(await ratingOf(other)).toEqual({ ratings: 5, numOfReviews: 1 });
  });

  it("refuses an unknown product with a 404 and writes nothing", async () => {
    const ann = await createUser("Ann");
    await expect(post(ann, "no-such-product", 4)).rejects.toThrow(
      expect.objectContaining({ constructor: PublicError, message: "Product not found", status: 404 }),
    );
    expect(await reviewsOf("no-such-product")).toEqual([]);
  });

  // The bounds are checked where input arrives (the review form and PUT /api/v1/review parse with this schema).
  it.each([0, 6, 2.5, "", "x"])("the review input refuses the rating %j", (rating) => {
    const result = reviewSchema.safeParse({ rating, comment: "Fine." });
    expect(result.success).toBe(false);
  });

  it("the review input takes ratings 1 to 5 and requires a comment", () => {
    for (const rating of [1, 5, "3"])
      expect(reviewSchema.parse({ rating, comment: " Fine. " })).toEqual({ rating: Number(rating), comment: "Fine." });
    expect(reviewSchema.safeParse({ rating: 3, comment: "   " }).success).toBe(false);
  });
});

describe("reviews posted and deleted at once", () => {
  // On PostgreSQL each is a transaction on a connection of its own: the product's rating, read from
  // its reviews, must count the ones committed while it was being written.
  it("the product's rating counts every review however many come at once", async () => {
    const productId = await createProduct();
    const users = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3].map((_, i) => createUser(`Reviewer ${i}`)));
    const ratings = [1, 2, 3, 4, 5, 1, 2, 3];
    await Promise.all(users.map((userId, i) => post(userId, productId, ratings[i])));
    expect(await ratingOf(productId)).toEqual({ ratings: 21 / 8, numOfReviews: 8 });

    const gone = (await reviewsOf(productId)).filter((r) => r.rating <= 2);
    await Promise.all([
      ...gone.map((r) => deleteReview(r.id, productId)),
      post(users[4], productId, 1, "Changed my mind."),
    ]);
    expect(await ratingOf(productId)).toEqual({ ratings: (3 + 4 + 1 + 3) / 4, numOfReviews: 4 });
  });
});

describe("a product's reviews", () => {
  it("lists each product's reviews with the reviewer's name, newest first", async () => {
    const productId = await createProduct();
    const other = await createProduct();
    const quiet = await createProduct();
    const [ann, bob] = [await createUser("Ann"), await createUser("Bob")];
    await post(ann, productId, 2, "Meh.");
    await post(bob, other, 5);
    await new Promise((r) => setTimeout(r, 5));
    await post(bob, productId, 4, "Nice.");

    const byProduct = await reviewsByProduct([productId, quiet]);
    expect(byProduct.get(productId)?.map((r) => [r.name, r.rating, r.comment])).toEqual([
      ["Bob", 4, "Nice."],
      ["Ann", 2, "Meh."],
    ]);
    expect(byProduct.get(quiet)).toEqual([]);
    expect(byProduct.has(other)).toBe(false);
  });
});

describe("deleting a review", () => {
  it("removes it and recomputes the product's rating from what remains", async () => {
    const productId = await createProduct();
    const [ann, bob] = [await createUser("Ann"), await createUser("Bob")];
    await post(ann, productId, 2);
    await post(bob, productId, 5);
    const bobs = (await reviewsOf(productId)).find((r) => r.userId === bob)!;

    await deleteReview(bobs.id, productId);
    expect((await reviewsOf(productId)).map((r) => r.userId)).toEqual([ann]);
    expect(await ratingOf(productId)).toEqual({ ratings: 2, numOfReviews: 1 });

    const anns = (await reviewsOf(productId))[0];
    await deleteReview(anns.id, productId);
    expect(await ratingOf(productId)).toEqual({ ratings: 0, numOfReviews: 0 });
  });

  it("with another product's id, or an unknown review, answers 404 and deletes nothing", async () => {
    const productId = await createProduct();
    const other = await createProduct();
    const ann = await createUser("Ann");
    await post(ann, productId, 4);
    const review = (await reviewsOf(productId))[0];

    await expect(deleteReview(review.id, other)).rejects.toThrow(new PublicError("Review not found", 404));
    await expect(deleteReview("no-such-review", productId)).rejects.toThrow(new PublicError("Review not found", 404));
    expect(await reviewsOf(productId)).toHaveLength(1);
    expect(await ratingOf(productId)).toEqual({ ratings: 4, numOfReviews: 1 });
  });
});

describe("the admin's review table", () => {
  const query = (over: Partial<TableQuery<ReviewSort>> = {}) => tableQuery<ReviewSort>("rating", over);
  const names = (page: { rows: { user: string }[] }) => page.rows.map((r) => r.user);

  async function reviewedProduct() {
    const productId = await createProduct();
    const reviewers: [string, number, string][] = [
      ["Carol", 3, "Solid build."],
      ["Ann", 5, "Love it, 100% happy"],
      ["Dave", 1, "Arrived broken."],
      ["Bob", 4, "Good, solid value."],
    ];
    for (const [name, rating, comment] of reviewers) await post(await createUser(name), productId, rating, comment);
    await post(await createUser("Evelyn"), await createProduct(), 2, "Solid, on another product.");
    return productId;
  }

  it("shows only the product's reviews, sorted by the chosen column either way", async () => {
    const productId = await reviewedProduct();
    const all = await listReviewsPage(query(), productId);
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.rating)).toEqual([1, 3, 4, 5]);
    expect(all.rows[0]).toEqual({
      id: expect.any(String),
      productId,
      product: expect.any(String),
      rating: 1,
      comment: "Arrived broken.",
      user: "Dave",
      createdAt: expect.any(Date),
    });
    expect(names(await listReviewsPage(query({ sort: "user", dir: "desc" }), productId))).toEqual([
      "Dave",
      "Carol",
      "Bob",
      "Ann",
    ]);
    expect(names(await listReviewsPage(query({ sort: "comment" }), productId))).toEqual([
      "Dave",
      "Bob",
      "Ann",
      "Carol",
    ]);
  });

  it("searches the comment, the reviewer's name and the review id, % taken literally", async () => {
    const productId = await reviewedProduct();
    const solid = await listReviewsPage(query({ q: "solid" }), productId);
    expect(solid).toMatchObject({ total: 2 });
    expect(names(solid)).toEqual(["Carol", "Bob"]);
    expect(names(await listReviewsPage(query({ q: "dave" }), productId))).toEqual(["Dave"]);
    expect(names(await listReviewsPage(query({ q: "100%" }), productId))).toEqual(["Ann"]);
    expect((await listReviewsPage(query({ q: "%" }), productId)).total).toBe(1);
    const [first] = (await listReviewsPage(query(), productId)).rows;
    expect((await listReviewsPage(query({ q: first.id }), productId)).rows).toEqual([first]);
    expect(await listReviewsPage(query({ q: "nothing like this" }), productId)).toEqual({ rows: [], total: 0 });
  });

  it("pages through the rows; the total counts every match", async () => {
    const productId = await reviewedProduct();
    const first = await listReviewsPage(query({ size: 3 }), productId);
    const second = await listReviewsPage(query({ size: 3, page: 2 }), productId);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect(names(first)).toEqual(["Dave", "Carol", "Bob"]);
    expect(names(second)).toEqual(["Ann"]);
    expect((await listReviewsPage(query({ size: 3, page: 3 }), productId)).rows).toEqual([]);
    expect(await listReviewsPage(query(), "no-such-product")).toEqual({ rows: [], total: 0 });
  });

  it("without a product lists every product's reviews, newest first, with the product's name", async () => {
    const productId = await reviewedProduct();
    await commitTogether((tx) =>
      tx
        .update(reviews)
        .set({ createdAt: new Date(Date.UTC(2100, 0, 1)) })
        .where(eq(reviews.comment, "Solid, on another product.")),
    );
    const newest = await listReviewsPage(query({ sort: "createdAt", dir: "desc" }));
    expect(newest.total).toBe(5);
    expect(newest.rows[0]).toMatchObject({ user: "Evelyn", comment: "Solid, on another product." });
    expect(newest.rows[0].productId).not.toBe(productId);
    expect(new Set(newest.rows.map((r) => r.product)).size).toBe(2);
  });

  it("searches every product's reviews by comment, reviewer and product name; pages the matches", async () => {
    await reviewedProduct();
    const [eves] = await db
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.comment, "Solid, on another product."));
    await commitTogether((tx) =>
      tx.update(products).set({ name: "Zebra Lamp" }).where(eq(products.id, eves.productId)),
    );
    expect(names(await listReviewsPage(query({ q: "solid" })))).toEqual(["Evelyn", "Carol", "Bob"]);
    expect(names(await listReviewsPage(query({ q: "zebra" })))).toEqual(["Evelyn"]);
    expect(names(await listReviewsPage(query({ q: "evelyn" })))).toEqual(["Evelyn"]);
    const second = await listReviewsPage(query({ size: 2, page: 2 }));
    expect(second.total).toBe(5);
    expect(names(second)).toEqual(["Carol", "Bob"]);
    expect(names(await listReviewsPage(query({ sort: "product", dir: "desc", size: 1 })))).toEqual(["Evelyn"]);
  });

  it("lists the products that have reviews, by name, once each", async () => {
    const productId = await reviewedProduct();
    await createProduct({ name: "Never reviewed" });
    const listed = await reviewedProducts();
    expect(listed).toHaveLength(2);
    expect(listed.map((p) => p.id)).toContain(productId);
    expect(listed.map((p) => p.name)).not.toContain("Never reviewed");
    expect(listed.map((p) => p.name)).toEqual([...listed.map((p) => p.name)].sort());
  });
});
