import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db, openDatabase } from "./client.server";
import { groupCommitter } from "./group-commit.server";
import { products } from "./schema";

// SQLite's own: the group commit's write lock and the read-only reader (the property both engines
// share, reads never seeing uncommitted writes, is in client.server.test.ts).

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
});
