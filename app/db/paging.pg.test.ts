import { like } from "drizzle-orm";
import type { QueryConfig } from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { lampsAndChairs, page, under } from "../../tests/unit/paging-rows";
import { pgPool } from "./client.server";
import { products } from "./schema";

// How PostgreSQL runs the pages (paging.sqlite.test.ts: SQLite): what the shop's pool is sent.
const sent = () =>
  vi.spyOn(pgPool.$client, "query") as unknown as { mock: { calls: [QueryConfig][] } } & {
    mockRestore(): void;
  };

beforeEach(lampsAndChairs);

describe("selectPage on PostgreSQL", () => {
  it("counts and pages in SQL: one count the planner runs over the table itself, one LIMIT/OFFSET select", async () => {
    const query = sent();
    await page({ page: 3 }, like(products.name, "Lamp%"));
    const statements = query.mock.calls.map(([config]) => config.text);
    query.mockRestore();
    expect(statements).toHaveLength(2);
    const [counted, paged] = statements;
    expect(counted).toMatch(/^select count\(\*\) from \(select /);
    expect(paged).toMatch(/ limit \$\d+ offset \$\d+$/);
    // The planner pulls the subquery up: no subquery scan or materialized rows to count.
    const plan = await pgPool.$client.query(`EXPLAIN ${counted}`, ["Lamp%"]);
    const steps = plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
    expect(steps).toMatch(/Aggregate/);
    expect(steps).not.toMatch(/Subquery Scan|Materialize|CTE Scan/);
  });
});

describe("selectPreparedPage on PostgreSQL", () => {
  it("builds its two queries once per shape and sort, then only binds values", async () => {
    const query = sent();
    await under({ sort: "price", dir: "desc" }, 500);
    await under({ sort: "price", dir: "desc", page: 2, size: 10 }, 2000);
    await under({ sort: "price", dir: "desc" }, 100);
    const configs = query.mock.calls.map(([config]) => config);
    query.mockRestore();
    // Count and rows, three times: the same two statements each time, only the values differ.
    expect(configs).toHaveLength(6);
    const [total, rows] = configs;
    expect(configs).toEqual([total, rows, total, rows, total, rows]);
    for (const [i, config] of configs.entries()) expect(config).toBe(configs[i % 2]);
  });
});
