import { and, between, eq, exists, notExists, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { productVariants, products } from "~/db/schema";
import { LOW_STOCK_THRESHOLD, type StockFilter } from "~/lib/stock";

// Which products are low or out of stock, for the admin's list filters, the dashboard and the
// owner's daily summary alike.

// A product's variants, by a condition on their stock.
const variantWhere = (condition: SQL) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(productVariants)
      .where(and(eq(productVariants.productId, products.id), condition)),
  );

const STOCK_WHERE: Record<StockFilter, SQL | undefined> = {
  low: or(
    and(
      between(products.stock, 1, LOW_STOCK_THRESHOLD),
      notExists(
        db
          .select({ one: sql`1` })
          .from(productVariants)
          .where(eq(productVariants.productId, products.id)),
      ),
    ),
    variantWhere(between(productVariants.stock, 1, LOW_STOCK_THRESHOLD)),
  ),
  out: or(eq(products.stock, 0), variantWhere(eq(productVariants.stock, 0))),
};

/** Low or out of stock: the product, or one of its variants (a product with variants has their total). */
export const stockFilter = (filter: StockFilter): SQL => STOCK_WHERE[filter]!;
