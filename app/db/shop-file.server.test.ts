import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { products } from "~/db/schema";
import { createProduct, stockOf } from "../../tests/unit/fixtures";
import { execute, openShopDatabase, rows, rowsAffected } from "./shop-file.server";

// Another shop's database, reached as another process would: its SQLite file or its postgres:// URL.
describe("openShopDatabase", () => {
  it("opens this engine's database by its file or URL; raw SQL and builders go through it", async () => {
    const productId = await createProduct({ stock: 7 });
    const other = openShopDatabase(config.databaseEngine === "pg" ? config.databaseUrl : config.databasePath);
    try {
      expect(await rows(other.q, sql`SELECT stock FROM products WHERE id = ${productId}`)).toEqual([{ stock: 7 }]);
      expect(await execute(other.q, sql`UPDATE products SET stock = 6 WHERE id = ${productId}`)).toBe(1);
      expect(
        rowsAffected(
          await other.q
            .update(products)
            .set({ stock: 5 })
            .where(sql`id = ${productId}`),
        ),
      ).toBe(1);
    } finally {
      await other.close();
    }
    // Committed statement by statement: this process's connection sees it.
    expect(await stockOf(productId)).toBe(5);
  });
});
