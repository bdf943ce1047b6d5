import { asc, eq, like, lte } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addReview, createProduct, createUser } from "../../tests/unit/fixtures";
import { lampsAndChairs, page, query, under } from "../../tests/unit/paging-rows";
import { db } from "./client.server";
import { selectPage } from "./paging";
import { products, reviews, users } from "./schema";

beforeEach(lampsAndChairs);

describe("selectPage", () => {
  it("returns the page's rows in the chosen order and the count of all rows", async () => {
    const second = await page({ sort: "name", dir: "desc", page: 2, size: 10 });
    expect(second.total).toBe(28);
    expect(second.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Lamp ${String(15 - i).padStart(2, "0")}`),
    );
    expect(second.rows[0]).toEqual({ name: "Lamp 15", priceCents: 1500 });
  });

  it("counts and pages only the rows the condition keeps", async () => {
    const chairs = await page({ sort: "name", dir: "desc", size: 2 }, like(products.name, "Chair%"));
    expect(chairs).toEqual({
      total: 3,
      rows: [
        { name: "Chair C", priceCents: 500 },
        { name: "Chair B", priceCents: 500 },
      ],
    });
  });

  it("breaks ties with the tie-breakers, so that pages neither overlap nor skip rows", async () => {
    const pages = async (q: Parameters<typeof query>[0]) =>
      (await Promise.all([1, 2, 3].map((n) => page({ ...q, page: n })))).flatMap(({ rows }) => rows.map((r) => r.name));
    const byPrice = await pages({ sort: "price" });
    expect(byPrice.slice(3, 8)).toEqual(["Lamp 04", "Lamp 05", "Chair A", "Chair B", "Chair C"]);
    // Every row has the same category: the order is the tie-breaker's alone.
    const byCategory = await pages({ sort: "category", dir: "desc" });
    expect(new Set(byCategory).size).toBe(28);
  });

  it("answers a page past the end with no rows and the true count", async () => {
    expect(await page({ page: 4 })).toEqual({ rows: [], total: 28 });
  });

  it("counts a joined select over the join, with a condition on the joined table", async () => {
    const productId = await createProduct({ name: "Reviewed" });
    for (const [name, rating] of [
      ["Ann", 5],
      ["Bob", 3],
      ["Anna", 4],
    ] as const)
      await addReview(productId, await createUser(name), rating);
    const result = await selectPage(
      db
        .select({ rating: reviews.rating, user: users.name })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .$dynamic(),
      { where: like(users.name, "Ann%"), sorts: { rating: reviews.rating }, tiebreak: [asc(reviews.id)] },
      { q: "", sort: "rating", dir: "desc", page: 1, size: 1 },
    );
    expect(result).toEqual({ total: 2, rows: [{ rating: 5, user: "Ann" }] });
  });
});

describe("selectPreparedPage", () => {
  it("answers as selectPage does, for each sort and page, with the filter's values bound", async () => {
    for (const q of [
      { sort: "name", dir: "desc", page: 2, size: 10 },
      { sort: "price", page: 1, size: 10 },
      { sort: "category", page: 3 },
    ] as const)
      expect(await under(q, 1000)).toEqual(await page(q, lte(products.priceCents, 1000)));
    expect(await under({ sort: "price" }, 300)).toEqual({
      total: 3,
      rows: ["Lamp 01", "Lamp 02", "Lamp 03"].map((name, i) => ({ name, priceCents: (i + 1) * 100 })),
    });
  });
});
