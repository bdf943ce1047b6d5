import { avg, count, eq } from "drizzle-orm";
import type { DB } from "~/db/client.server";
import { products, reviews } from "~/db/schema";

/** A transaction, or the database itself, for helpers that run inside or outside one. */
export type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0] | DB;

/** Recomputes a product's average rating and review count from its reviews (call inside the write's transaction). */
export function recomputeProductRatings(tx: Tx, productId: string) {
  const stats = tx
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .get();
  tx.update(products)
    .set({ ratings: stats?.average ? Number(stats.average) : 0, numOfReviews: stats?.total ?? 0 })
    .where(eq(products.id, productId))
    .run();
}
