import { like } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { lampsAndChairs, page, under } from "../../tests/unit/paging-rows";
import { db, type Connection } from "./client.server";
import { products } from "./schema";

// How SQLite runs the pages (paging.pg.test.ts: PostgreSQL). The read connection, which pages are
// read through, with its better-sqlite3 handle.
const reader = db as Connection;

beforeEach(lampsAndChairs);

describe("selectPage on SQLite", () => {
  it("counts and pages in SQL: one count SQLite runs as a plain count, one LIMIT/OFFSET select", async () => {
    const prepare = vi.spyOn(reader.$client, "prepare");
    await page({ page: 3 }, like(products.name, "Lamp%"));
    const statements = prepare.mock.calls.map(([sql]) => sql);
    prepare.mockRestore();
    expect(statements).toHaveLength(2);
    const [counted, paged] = statements;
    expect(counted).toMatch(/^select count\(\*\) from \(select /);
    expect(paged).toMatch(/ limit \? offset \?$/);
    // SQLite flattens the subquery: no temporary table or co-routine holds the rows to count them.
    const plan = reader.$client.prepare(`EXPLAIN QUERY PLAN ${counted}`).all("Lamp%") as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).not.toMatch(/MATERIALIZE|CO-ROUTINE/);
  });
});

describe("selectPreparedPage on SQLite", () => {
  it("prepares its two queries once per shape and sort, then only binds values", async () => {
    await under({ sort: "price", dir: "desc" }, 500);
    const prepare = vi.spyOn(reader.$client, "prepare");
    await under({ sort: "price", dir: "desc", page: 2, size: 10 }, 2000);
    await under({ sort: "price", dir: "desc" }, 100);
    const calls = prepare.mock.calls.length;
    prepare.mockRestore();
    expect(calls).toBe(0);
  });
});
