import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db, openDatabase } from "./client.server";
import { commitTogether } from "./commit.server";
import { groupCommitter } from "./group-commit.server";
import { products } from "./schema";
import { createProduct } from "../../tests/unit/fixtures";

// Two connections to the test's database file stand in for two processes.
describe("write transactions", () => {
  it("start IMMEDIATE: one that has only read already holds the write lock", async () => {
    const one = openDatabase(config.databasePath);
    const other = openDatabase(config.databasePath);
    other.$client.pragma("busy_timeout = 0");
    await groupCommitter(one)(async (tx) => {
      await tx.select().from(products);
      expect(() => other.$client.exec("BEGIN IMMEDIATE")).toThrow(/database is locked/);
    });
    other.$client.exec("BEGIN IMMEDIATE");
    other.$client.exec("ROLLBACK");
    one.$client.close();
    other.$client.close();
  });
});

describe("the read connection", () => {
  it("refuses writes: they go through commitTogether", async () => {
    await expect(db.delete(products)).rejects.toThrow(/readonly/);
  });

  it("sees a batch's writes only once they are committed", async () => {
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
