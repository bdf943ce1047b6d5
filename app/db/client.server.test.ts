import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "./client.server";
import { commitTogether } from "./commit.server";
import { preparedOnce } from "./prepared";
import { products } from "./schema";
import { createProduct } from "../../tests/unit/fixtures";

// On both engines: `db` (SQLite's read connection, PostgreSQL's pool) reads committed rows only.
describe("reads outside a transaction", () => {
  it("never see a transaction's uncommitted writes, and see them once it has committed", async () => {
    const id = await createProduct({ name: "Before" });
    const seen: string[] = [];
    const nameNow = async () =>
      (await db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0].name;
    // Read from outside while the transaction is open (its body may not use the pool itself:
    // app/db/transaction-scope.server.ts).
    let wrote!: () => void;
    let finish!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const committing = commitTogether(async (tx) => {
      await tx.update(products).set({ name: "After" }).where(eq(products.id, id));
      const [inside] = await tx.select({ name: products.name }).from(products).where(eq(products.id, id));
      seen.push(inside.name);
      wrote();
      await finished;
    });
    await written;
    seen.push(await nameNow());
    finish();
    await committing;
    seen.push(await nameNow());
    expect(seen).toEqual(["After", "Before", "After"]);
  });
});

describe("statements prepared once per connection", () => {
  it("are built once for transaction after transaction on the same connection, and run inside each", async () => {
    let builds = 0;
    const nameOf = preparedOnce((q) => {
      builds++;
      return q
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, sql.placeholder("id")))
        .prepare();
    });
    const id = await createProduct({ name: "Lamp" });
    const names: string[] = [];
    for (const name of ["Desk", "Chair", "Shelf", "Stool", "Bench"]) {
      await commitTogether(async (tx) => {
        await tx.update(products).set({ name }).where(eq(products.id, id));
        // Inside the transaction: its own write is what the statement reads.
        names.push((await nameOf(tx).execute({ id }))[0].name);
      });
    }
    expect(names).toEqual(["Desk", "Chair", "Shelf", "Stool", "Bench"]);
    // One build per connection the transactions ran on (one at a time: the pool hands back the same).
    expect(builds).toBeLessThan(3);
  });
});
