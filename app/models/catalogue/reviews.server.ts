import { and, asc, avg, count, eq, or } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { containsText, lockRows, rowsAffected } from "~/db/dialect";
import { products, reviews, users } from "~/db/schema";
import type { ReviewSort } from "~/lib/admin-sorts";
import type { TableQuery } from "~/lib/table-query";
import { selectPage } from "~/db/paging";
import { PublicError } from "~/lib/public-error";

/**
 * Recomputes a product's average rating and review count from its reviews (call inside the
 * transaction that changed a review, after lockReviewsOf): always from the rows, never from the old average.
 */
export async function recomputeProductRatings(tx: Tx, productId: string): Promise<void> {
  const [stats] = await tx
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  await tx
    .update(products)
    .set({ ratings: stats?.average ? Number(stats.average) : 0, numOfReviews: stats?.total ?? 0 })
    .where(eq(products.id, productId));
}

/**
 * Locks the products whose reviews this transaction changes: the rating read from its reviews stays
 * the truth until written (another review of it, uncommitted, would be missed, on PostgreSQL).
 */
export const lockReviewsOf = (tx: Tx, productIds: readonly string[]) => lockRows(tx, products, productIds);

/** One review per user and product: posting again updates it. The product's rating follows in the same transaction. */
export async function upsertReview(
  userId: string,
  input: { productId: string; rating: number; comment: string },
): Promise<void> {
  await commitTogether(async (tx) => {
    await lockReviewsOf(tx, [input.productId]);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId))
      .limit(1);
    if (!product) throw new PublicError("Product not found", 404);
    await tx
      .insert(reviews)
      .values({ productId: input.productId, userId, rating: input.rating, comment: input.comment })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: input.rating, comment: input.comment, updatedAt: new Date() },
      });
    await recomputeProductRatings(tx, input.productId);
  });
}

/** Deletes a review of a product and recomputes the product's rating from what remains. */
export async function deleteReview(reviewId: string, productId: string): Promise<void> {
  await commitTogether(async (tx) => {
    await lockReviewsOf(tx, [productId]);
    const removed = rowsAffected(
      await tx.delete(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId))),
    );
    if (removed !== 1) throw new PublicError("Review not found", 404);
    await recomputeProductRatings(tx, productId);
  });
}

/**
 * One page of reviews for the admin table, newest first by default: every product's, or one
 * product's. Searched (comment, reviewer, product name, review id) and sorted in SQL.
 */
export async function listReviewsPage(query: TableQuery<ReviewSort>, productId?: string) {
  const where = and(
    productId ? eq(reviews.productId, productId) : undefined,
    query.q
      ? or(
          containsText(reviews.id, query.q),
          containsText(reviews.comment, query.q),
          containsText(users.name, query.q),
          containsText(products.name, query.q),
        )
      : undefined,
  );
  const sorts = {
    id: reviews.id,
    product: products.name,
    rating: reviews.rating,
    comment: reviews.comment,
    user: users.name,
    createdAt: reviews.createdAt,
  };
  return selectPage(
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        product: products.name,
        rating: reviews.rating,
        comment: reviews.comment,
        user: users.name,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .$dynamic(),
    { where, sorts, tiebreak: [asc(reviews.id)] },
    query,
  );
}

/** The products that have reviews, by name: the admin reviews list's product filter. */
export async function reviewedProducts(): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(reviews, eq(reviews.productId, products.id))
    .orderBy(asc(products.name), asc(products.id));
}
