import { like } from "drizzle-orm";
import type pg from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { page, seedPagingCatalogue, under } from "../../tests/unit/paging-catalogue";
import { db } from "./client.server";
import type { PgConnection } from "./pg-connection.server";
import { products } from "./schema";

// How PostgreSQL runs app/db/paging's queries (SQLite's: paging.sqlite.test.ts).

// The pool pages are read through.
const pool = (db as unknown as PgConnection).$client;
type Sent = { text: string; values: unknown[]; config: pg.QueryConfig };

/** What `run` sends to the server, query by query. */
async function sentBy(run: () => Promise<unknown>): Promise<Sent[]> {
  const query = vi.spyOn(pool, "query");
  try {
    await run();
    return query.mock.calls.map(([config, values]) => {
      const sent = config as unknown as pg.QueryConfig;
      return { text: sent.text, values: values as unknown as unknown[], config: sent };
    });
  } finally {
    query.mockRestore();
  }
}

beforeEach(seedPagingCatalogue);

describe("selectPage on PostgreSQL", () => {
  it("counts and pages in SQL: one count PostgreSQL runs as a plain count, one LIMIT/OFFSET select", async () => {
    const sent = await sentBy(() => page({ page: 3 }, like(products.name, "Lamp%")));
    expect(sent).toHaveLength(2);
    const [counted, paged] = sent;
    expect(counted.text).toMatch(/^select count\(\*\) from \(select /);
    expect(paged.text).toMatch(/ limit \$\d+ offset \$\d+$/);
    // PostgreSQL pulls the subquery up: the count reads the table, no subquery scan holds its rows.
    const plan = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${counted.text}`, counted.values);
    const steps = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(steps).toMatch(/Scan on products/);
    expect(steps).not.toMatch(/Subquery Scan|CTE Scan|Materialize/);
  });
});

describe("selectPreparedPage on PostgreSQL", () => {
  it("builds its two queries once per shape and sort, then only binds values", async () => {
    const first = await sentBy(() => under({ sort: "price", dir: "desc" }, 500));
    expect(first).toHaveLength(2);
    const later = await sentBy(async () => {
      await under({ sort: "price", dir: "desc", page: 2, size: 10 }, 2000);
      await under({ sort: "price", dir: "desc" }, 100);
    });
    // The very same query objects as the first call's (drizzle built their SQL once), new values.
    expect(later.map((s) => s.config)).toEqual([first[0].config, first[1].config, first[0].config, first[1].config]);
    for (const [i, s] of later.entries()) expect(s.config).toBe(first[i % 2].config);
    expect(later.map((s) => s.values[0])).toEqual([2000, 2000, 100, 100]);
  });
});
