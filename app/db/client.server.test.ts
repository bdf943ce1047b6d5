import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { openDatabase } from "./client.server";
import { products } from "./schema";

// Two connections to the test's database file stand in for two processes.
describe("transactions", () => {
  it("start IMMEDIATE: one that has only read already holds the write lock", () => {
    const one = openDatabase(config.databasePath);
    const other = openDatabase(config.databasePath);
    other.$client.pragma("busy_timeout = 0");
    one.transaction((tx) => {
      tx.select().from(products).all();
      expect(() => other.$client.exec("BEGIN IMMEDIATE")).toThrow(/database is locked/);
    });
    other.$client.exec("BEGIN IMMEDIATE");
    other.$client.exec("ROLLBACK");
    // Asked for, a deferred one takes no lock until it writes.
    one.transaction(
      (tx) => {
        tx.select().from(products).all();
        other.$client.exec("BEGIN IMMEDIATE");
        other.$client.exec("ROLLBACK");
      },
      { behavior: "deferred" },
    );
    one.$client.close();
    other.$client.close();
  });
});
