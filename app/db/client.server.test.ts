import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "./client.server";
import { commitTogether } from "./commit.server";
import { products } from "./schema";
import { createProduct } from "../../tests/unit/fixtures";

// On both engines: `db` (SQLite's read connection, PostgreSQL's pool) reads committed rows only.
describe("reads outside a transaction", () => {
  it("never see a transaction's uncommitted writes, and see them once it has committed", async () => {
    const id = await createProduct({ name: "Before" });
    const seen: string[] = [];
    const nameNow = async () =>
      (await db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0].name;
    await commitTogether(async (tx) => {
      await tx.update(products).set({ name: "After" }).where(eq(products.id, id));
      const [inside] = await tx.select({ name: products.name }).from(products).where(eq(products.id, id));
      seen.push(inside.name, await nameNow());
    });
    seen.push(await nameNow());
    expect(seen).toEqual(["After", "Before", "After"]);
  });
});
