// Child process: times the catalogue query (listProducts: FTS5, or tsvector on PostgreSQL) against a
// LIKE '%word%' scan (ILIKE on PostgreSQL) of
// the same table with the same shape (total count, match count, one page, its pictures). Each
// timed call asks the database: the answers the shop keeps per catalogue version are dropped first.
// DATABASE_URL names the seeded file or PostgreSQL database. Usage: search.ts ITERATIONS
import { and, asc, count, desc, inArray, or, type SQL } from "drizzle-orm";
import { closeShopDatabase, db } from "~/db/client.server";
import { containsText } from "~/db/dialect";
import { productImages, products } from "~/db/schema";
import { RES_PER_PAGE } from "~/lib/catalogue-query";
import { forgetCatalogueAnswers } from "~/models/platform";
import { listProducts } from "~/models/catalogue";

const iterations = Number(process.argv[2] ?? 100);

/** What a shop without a full-text index does: every word somewhere in the four columns. */
async function listProductsByLike(keyword: string, page = 1) {
  const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
  const where = and(
    ...words.map(
      (w) =>
        or(
          containsText(products.name, w),
          containsText(products.description, w),
          containsText(products.category, w),
          containsText(products.seller, w),
        ) as SQL,
    ),
  );
  const [{ n: total }] = await db.select({ n: count() }).from(products);
  const [{ n: filtered }] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.seq))
    .limit(RES_PER_PAGE)
    .offset((page - 1) * RES_PER_PAGE);
  const images = await db
    .select()
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productImages.position));
  return { total, filtered, rows, images };
}

async function time(fn: () => unknown | Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const QUERIES = [
  { label: "one word", keyword: "laptop" },
  { label: "two words", keyword: "gaming laptop" },
  { label: "prefix", keyword: "macb" },
];

const results = [];
for (const q of QUERIES) {
  const fts = await listProducts({ keyword: q.keyword, page: 1 });
  const like = await listProductsByLike(q.keyword);
  const search = () => {
    forgetCatalogueAnswers();
    return listProducts({ keyword: q.keyword, page: 1 });
  };
  await time(search, 5); // warm-up
  const ftsTimes = await time(search, iterations);
  // The scan is slow: fewer rounds, enough for its median and p95.
  const likeTimes = await time(() => listProductsByLike(q.keyword), Math.max(5, Math.floor(iterations / 10)));
  results.push({ ...q, ftsMatches: fts.filteredProductsCount, likeMatches: like.filtered, ftsTimes, likeTimes });
}
const [{ n: productCount }] = await db.select({ n: count() }).from(products);
// A PostgreSQL pool would keep the process alive.
await closeShopDatabase();
console.log(`result ${JSON.stringify({ products: productCount, results })}`);
