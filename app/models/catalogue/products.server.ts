import { and, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import { db, type Queryable } from "~/db/client.server";
import {
  inList,
  joinProducts,
  listParam,
  textIndex,
  textMatch,
  textQuery,
  textRank,
  preparedOnce,
  preparedPerShape,
} from "~/db/dialect";
import { productImages, products, reviews, users } from "~/db/schema";
import { RES_PER_PAGE, effectiveSort, type ProductQuery, type ProductSort } from "~/lib/catalogue-query";
import type { ProductOption, ProductVariant } from "~/lib/variants";
import { catalogueCached } from "~/models/platform";
import { variantsByProduct } from "./variants.server";

export type ProductImage = { id: string; url: string };

export type ProductSummary = {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: string;
  seller: string;
  stock: number;
  /** For shipping by weight; null when not given. */
  weightGrams: number | null;
  ratings: number;
  numOfReviews: number;
  createdAt: Date;
  images: ProductImage[];
  /** Its options and variants (app/lib/variants.ts); none of either: the product is its one variant. */
  options: ProductOption[];
  variants: ProductVariant[];
};

export type ProductReview = {
  id: string;
  productId: string;
  userId: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: Date;
};

export type ProductDetail = ProductSummary & { reviews: ProductReview[] };

export type ProductPage = {
  products: ProductSummary[];
  productsCount: number;
  filteredProductsCount: number;
  resPerPage: number;
  page: number;
  pageCount: number;
};

const summaryColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  category: products.category,
  seller: products.seller,
  stock: products.stock,
  weightGrams: products.weightGrams,
  ratings: products.ratings,
  numOfReviews: products.numOfReviews,
  createdAt: products.createdAt,
};

// Each filter as a condition on a placeholder of its own name. A list's statement holds only the
// filters its query uses (so SQLite can use the category index), and is prepared once per set of
// filters and order (listStatements).
const FILTERS = {
  category: () => eq(products.category, sql.placeholder("category")),
  priceGte: () => gte(products.priceCents, sql.placeholder("priceGte")),
  priceLte: () => lte(products.priceCents, sql.placeholder("priceLte")),
  ratingsGte: () => gte(products.ratings, sql.placeholder("ratingsGte")),
};
type Filter = keyof typeof FILTERS;

/** The values of the filters a query uses, by placeholder name. */
function filterValues(q: ProductQuery): Partial<Record<Filter, string | number>> {
  const values: Partial<Record<Filter, string | number>> = {};
  if (q.category) values.category = q.category;
  if (q.priceGteCents !== undefined) values.priceGte = q.priceGteCents;
  if (q.priceLteCents !== undefined) values.priceLte = q.priceLteCents;
  if (q.ratingsGte !== undefined) values.ratingsGte = q.ratingsGte;
  return values;
}

// Each order ends on seq (unique, growing with creation) so that ties, and so pages, are stable.
const ORDER_BY: Record<Exclude<ProductSort, "relevance">, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.seq)],
  "price-asc": [asc(products.priceCents), desc(products.seq)],
  "price-desc": [desc(products.priceCents), desc(products.seq)],
  rating: [desc(products.ratings), desc(products.numOfReviews), desc(products.seq)],
};

/** How many products a keyword alone finds (counted in the full-text index only). */
export async function countKeywordMatches(keyword: string): Promise<number> {
  // A review, a picture or a rating changes no product's words: only changes to every page count.
  return catalogueCached(
    `count:${keyword}`,
    () => keywordMatches(keyword),
    () => [],
  );
}

async function keywordMatches(keyword: string): Promise<number> {
  const match = textQuery(keyword);
  if (!match) return 0;
  const [row] = await statements(db).keywordCount.execute({ match });
  return row?.filtered ?? 0;
}

// What the catalogue's readers run again after every change to the catalogue, prepared once per
// connection (see preparedOnce in the dialect). Lists of ids go as one parameter (listParam), so that one
// statement serves any number.
const matches = textMatch(sql.placeholder("match"));
const statements = preparedOnce((q) => ({
  productsCount: q.select({ total: count() }).from(products).prepare(),
  keywordCount: q.select({ filtered: count() }).from(textIndex.table).where(matches).prepare(),
  // A keyword alone: ranked in the full-text index only (no join per match), then the page's products.
  keywordHits: q
    .select({ seq: textIndex.seq })
    .from(textIndex.table)
    .where(matches)
    .orderBy(textRank(sql.placeholder("match")), desc(textIndex.seq))
    .limit(RES_PER_PAGE)
    .offset(sql.placeholder("offset"))
    .prepare(),
  productsBySeq: q
    .select({ ...summaryColumns, seq: products.seq })
    .from(products)
    .where(inList(products.seq, sql.placeholder("seqs")))
    .prepare(),
  product: q
    .select(summaryColumns)
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .prepare(),
  related: q
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.category, sql.placeholder("category")), ne(products.id, sql.placeholder("id"))))
    .orderBy(desc(products.createdAt), desc(products.seq))
    .limit(sql.placeholder("limit"))
    .prepare(),
  images: q
    .select({ id: productImages.id, url: productImages.url, productId: productImages.productId })
    .from(productImages)
    .where(inList(productImages.productId, sql.placeholder("ids")))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .prepare(),
  reviews: q
    .select({
      id: reviews.id,
      productId: reviews.productId,
      userId: reviews.userId,
      name: users.name,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(inList(reviews.productId, sql.placeholder("ids")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .prepare(),
  all: q.select(summaryColumns).from(products).orderBy(desc(products.createdAt), desc(products.seq)).prepare(),
}));

async function imagesByProduct(ids: string[], q: Queryable = db): Promise<Map<string, ProductImage[]>> {
  const byProduct = new Map<string, ProductImage[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProduct;
  const rows = await statements(q).images.execute({ ids: listParam(ids) });
  for (const row of rows) byProduct.get(row.productId)?.push({ id: row.id, url: row.url });
  return byProduct;
}

/** The first picture of each product (for cart and order lines); `q`: the transaction, inside one. */
export async function firstImageUrls(productIds: string[], q: Queryable = db): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const [productId, images] of await imagesByProduct(productIds, q))
    if (images[0]) urls.set(productId, images[0].url);
  return urls;
}

export async function reviewsByProduct(ids: string[]): Promise<Map<string, ProductReview[]>> {
  const byProduct = new Map<string, ProductReview[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProduct;
  const rows = await statements(db).reviews.execute({ ids: listParam(ids) });
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

const queryKey = (q: ProductQuery) =>
  JSON.stringify([q.page, q.keyword, q.category, q.priceGteCents, q.priceLteCents, q.ratingsGte, q.sort]);

/**
 * The catalogue query behind the home page, the search page and GET /api/v1/products:
 * keyword (full-text), filters, the order (`sort`, see effectiveSort), then one page of `RES_PER_PAGE`.
 */
export async function listProducts(q: ProductQuery): Promise<ProductPage> {
  // Which products a list holds, and in what order, changes with a rating only when it filters or
  // sorts by rating; otherwise only its own products' ratings, pictures and reviews show on it.
  const byRating = q.ratingsGte !== undefined || effectiveSort(q) === "rating";
  return catalogueCached(
    `list:${queryKey(q)}`,
    () => productPage(q),
    (page) => (byRating ? "all" : page.products.map((p) => p.id)),
  );
}

type SummaryRow = Omit<ProductSummary, "images" | "options" | "variants">;

/** The rows with their pictures, options and variants. */
async function summariesOf<Row extends SummaryRow>(
  rows: Row[],
): Promise<(Row & Omit<ProductSummary, keyof SummaryRow>)[]> {
  const ids = rows.map((r) => r.id);
  const [images, variants] = await Promise.all([imagesByProduct(ids), variantsByProduct(ids)]);
  return rows.map((r) => ({
    ...r,
    images: images.get(r.id) ?? [],
    options: variants.get(r.id)?.options ?? [],
    variants: variants.get(r.id)?.variants ?? [],
  }));
}
type ListStatements = {
  count: { execute(values: Record<string, unknown>): PromiseLike<{ filtered: number }[]> };
  rows: { execute(values: Record<string, unknown>): PromiseLike<SummaryRow[]> };
};
const listStatementsByShape = preparedPerShape<ListStatements>();

/** The count and the page of a list with these filters, this order, with or without a keyword: prepared once per connection. */
function listStatements(q: Queryable, filters: Filter[], sort: ProductSort, withKeyword: boolean): ListStatements {
  return listStatementsByShape(q, `${withKeyword ? "keyword" : "all"} ${sort} ${filters.join(",")}`, () => {
    const conditions = filters.map((f) => FILTERS[f]());
    if (withKeyword) {
      const where = and(matches, ...conditions);
      return {
        count: joinProducts(q.select({ filtered: count() }).from(textIndex.table).$dynamic())
          .where(where)
          .prepare(),
        rows: joinProducts(q.select(summaryColumns).from(textIndex.table).$dynamic())
          .where(where)
          .orderBy(
            ...(sort === "relevance"
              ? [textRank(sql.placeholder("match")), desc(products.createdAt), desc(products.seq)]
              : ORDER_BY[sort]),
          )
          .limit(RES_PER_PAGE)
          .offset(sql.placeholder("offset"))
          .prepare(),
      };
    }
    const where = conditions.length ? and(...conditions) : undefined;
    return {
      count: q.select({ filtered: count() }).from(products).where(where).prepare(),
      rows: q
        .select(summaryColumns)
        .from(products)
        .where(where)
        .orderBy(...ORDER_BY[sort === "relevance" ? "newest" : sort])
        .limit(RES_PER_PAGE)
        .offset(sql.placeholder("offset"))
        .prepare(),
    };
  });
}

async function productPage(q: ProductQuery): Promise<ProductPage> {
  // The catalogue's count beside the page's own queries: on PostgreSQL each runs on a connection of its own.
  const [total, { rows, filtered }] = await Promise.all([
    statements(db)
      .productsCount.execute()
      .then(([counted]) => counted?.total ?? 0),
    matchingRows(q),
  ]);
  return {
    products: await summariesOf(rows),
    productsCount: total,
    filteredProductsCount: filtered,
    resPerPage: RES_PER_PAGE,
    page: q.page,
    pageCount: Math.max(1, Math.ceil(filtered / RES_PER_PAGE)),
  };
}

/** The page of products a query asks for, and how many products match it in all. */
async function matchingRows(q: ProductQuery): Promise<{ rows: SummaryRow[]; filtered: number }> {
  const values = filterValues(q);
  const filters = Object.keys(values) as Filter[];
  const offset = (q.page - 1) * RES_PER_PAGE;
  const keyword = q.keyword?.trim();
  const match = keyword ? textQuery(keyword) : null;
  const sort = effectiveSort(q);

  // Text with no searchable word (only punctuation, say) finds nothing rather than everything.
  if (keyword && !match) return { rows: [], filtered: 0 };
  if (match && filters.length === 0 && sort === "relevance") {
    // A keyword alone: count and rank in the full-text index only, then read the one page of
    // products. Equal ranks: newest first (seq grows with creation).
    const [filtered, hits] = await Promise.all([
      keywordMatches(keyword!),
      statements(db).keywordHits.execute({ match, offset }),
    ]);
    const found = hits.length
      ? await statements(db).productsBySeq.execute({ seqs: listParam(hits.map((h) => h.seq)) })
      : [];
    const bySeq = new Map(found.map(({ seq, ...row }) => [seq, row]));
    return { rows: hits.flatMap((h) => bySeq.get(h.seq) ?? []), filtered };
  }
  const list = listStatements(db, filters, sort, match !== null);
  const params = match === null ? values : { ...values, match };
  const [[counted], rows] = await Promise.all([list.count.execute(params), list.rows.execute({ ...params, offset })]);
  return { rows, filtered: counted?.filtered ?? 0 };
}

/** One product with its images and reviews, or null when no product has that id. */
export async function getProduct(id: string): Promise<ProductDetail | null> {
  return catalogueCached(
    `product:${id}`,
    async () => {
      const [row] = await statements(db).product.execute({ id });
      if (!row) return null;
      const [[summary], reviews] = await Promise.all([summariesOf([row]), reviewsByProduct([id])]);
      return { ...summary, reviews: reviews.get(id) ?? [] };
    },
    () => [id],
  );
}

/** Up to `limit` other products of the same category, newest first, with their images. */
export async function relatedProducts(product: { id: string; category: string }, limit = 4): Promise<ProductSummary[]> {
  return catalogueCached(
    `related:${limit}:${product.category}:${product.id}`,
    async () => {
      const rows = await statements(db).related.execute({ category: product.category, id: product.id, limit });
      return summariesOf(rows);
    },
    // Which products are related (category, newest first) changes only with changes to every page.
    (related) => related.map((p) => p.id),
  );
}

/** Every product with its images, newest first (the admin API's list). */
export async function allProducts(): Promise<ProductSummary[]> {
  return summariesOf(await statements(db).all.execute());
}
