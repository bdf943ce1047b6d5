import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { products, reviews, users } from "~/db/schema";
import { createProduct, createUser } from "../../../tests/unit/fixtures";
import { catalogueVersion } from "./catalogue-version.server";
import { deleteReview, upsertReview } from "~/models/catalogue";

// Whatever writes the catalogue, the version moves, so cached anonymous pages are never stale.
describe("catalogueVersion", () => {
  it("moves with every change a catalogue page shows, and not otherwise", async () => {
    let last = catalogueVersion();
    const moved = () => {
      const now = catalogueVersion();
      const changed = now !== last;
      last = now;
      return changed;
    };
    const productId = await createProduct({ name: "Versioned" });
    expect(moved()).toBe(true);
    await commitTogether((tx) => tx.update(products).set({ priceCents: 12_34 }).where(eq(products.id, productId)));
    expect(moved()).toBe(true);
    // Stock taken by a checkout (the same SQL as checkout/reservation.server.ts).
    await commitTogether((tx) =>
      tx
        .update(products)
        .set({ stock: sql`${products.stock} - 1` })
        .where(eq(products.id, productId)),
    );
    expect(moved()).toBe(true);
    const userId = await createUser("Reviewer");
    expect(moved()).toBe(false);
    await upsertReview(userId, { productId: productId, rating: 4, comment: "Fine" });
    expect(moved()).toBe(true);
    await commitTogether((tx) => tx.update(users).set({ name: "Renamed Reviewer" }).where(eq(users.id, userId)));
    expect(moved()).toBe(true);
    await commitTogether((tx) => tx.update(users).set({ shippingCity: "Lyon" }).where(eq(users.id, userId)));
    expect(moved()).toBe(false);
    const [{ id: reviewId }] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.productId, productId));
    await deleteReview(reviewId, productId);
    expect(moved()).toBe(true);
    await commitTogether((tx) => tx.delete(products).where(eq(products.id, productId)));
    expect(moved()).toBe(true);
  });
});
