import { asc, lte, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { selectPage, selectPreparedPage } from "~/db/paging";
import { products } from "~/db/schema";
import { clearCatalogue, createProduct } from "./fixtures";

// The catalogue app/db/paging's tests page through (paging.test.ts and each engine's own), and the
// pages they ask for.

/** Lamp 01 … Lamp 25 at $1 … $25, then three chairs at $5: the same price as Lamp 05. */
export async function seedPagingCatalogue() {
  await clearCatalogue();
  for (let i = 1; i <= 25; i++)
    await createProduct({ name: `Lamp ${String(i).padStart(2, "0")}`, priceCents: i * 100, category: "Home" });
  for (const name of ["Chair A", "Chair B", "Chair C"])
    await createProduct({ name, priceCents: 500, category: "Home" });
}

type Sort = "name" | "price" | "category";
const sorts = { name: products.name, price: products.priceCents, category: products.category };
const productRows = () => db.select({ name: products.name, priceCents: products.priceCents }).from(products).$dynamic();

export type PageQuery = Partial<{ sort: Sort; dir: "asc" | "desc"; page: number; size: number }>;
const query = (q: PageQuery = {}) => ({ q: "", sort: "price" as Sort, dir: "asc" as const, page: 1, size: 10, ...q });

/** A page of the products' names and prices, kept by `where`. */
export const page = (q: PageQuery, where = undefined as SQL | undefined) =>
  selectPage(productRows(), { where, sorts, tiebreak: [asc(products.seq)] }, query(q));

/** A page of the products at most `maxCents`, through selectPreparedPage. */
export const under = (q: PageQuery, maxCents: number) =>
  selectPreparedPage(
    "test:products-under",
    () => ({
      select: productRows(),
      spec: { where: lte(products.priceCents, sql.placeholder("max")), sorts, tiebreak: [asc(products.seq)] },
    }),
    query(q),
    { max: maxCents },
  );
