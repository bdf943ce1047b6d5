import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../../tests/unit/fixtures";
import { db } from "../client.server";
import type { PgConnection } from "../pg-connection.server";
import { textIndex, textMatch, textQuery } from ".";

// PostgreSQL's search goes through the GIN index on products.search (drizzle/pg/0003_search.sql),
// and folds what is typed as the column folds the catalogue (shop_unaccent, not only NFKD).

const connection = db as unknown as PgConnection;
const pool = connection.$client;

describe("full-text search on PostgreSQL", () => {
  it("finds the matches through the GIN index", async () => {
    await createProduct({ name: "Indexed lamp" });
    const match = db
      .select({ seq: textIndex.seq })
      .from(textIndex.table)
      .where(textMatch(textQuery("indexed lam")!))
      .toSQL();
    const client = await pool.connect();
    try {
      // The test's table is small: a sequential scan would be cheaper, so the planner is told not to.
      await client.query("SET enable_seqscan = off");
      const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${match.sql}`, match.params);
      expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/Bitmap Index Scan on products_search_idx/);
    } finally {
      await client.query("RESET enable_seqscan");
      client.release();
    }
  });

  it("folds the letters unaccent spells out (ß, ø, æ) as the catalogue's words are folded", async () => {
    await createProduct({ name: "Straße Map of Ødense" });
    await createProduct({ name: "Æther Lamp" });
    const found = async (keyword: string) =>
      (
        await connection.execute<{ name: string }>(
          sql`SELECT name FROM products WHERE ${textMatch(textQuery(keyword)!)} ORDER BY name`,
        )
      ).rows.map((row) => row.name);
    expect(await found("strasse")).toEqual(["Straße Map of Ødense"]);
    expect(await found("straße odense")).toEqual(["Straße Map of Ødense"]);
    expect(await found("aether")).toEqual(["Æther Lamp"]);
    expect(await found("Æth")).toEqual(["Æther Lamp"]);
  });
});
