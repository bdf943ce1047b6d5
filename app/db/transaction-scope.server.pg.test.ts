import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { products } from "~/db/schema";

// A transaction's body holds one of the pool's connections: a query of its own through the pool
// would wait for a second, and with every connection so held the shop stops answering. The pool
// refuses it at once.
describe("the pool inside a transaction's body", () => {
  it("refuses a query and a nested transaction at once, and serves them again after", async () => {
    // Drizzle wraps a failed query's error: the pool's is its cause.
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => "went through",
        (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
      );
    expect(await refusal(commitTogether(async () => db.select().from(products).limit(1)))).toMatch(
      /^A query through the pool inside a transaction/,
    );
    expect(await refusal(commitTogether(async () => commitTogether(async () => 1)))).toMatch(
      /^A transaction through the pool inside a transaction/,
    );
    expect(await db.select().from(products).limit(1)).toEqual(expect.any(Array));
    expect(
      await commitTogether(async (tx) => (await tx.select().from(products).limit(1)).length),
    ).toBeGreaterThanOrEqual(0);
  });
});
