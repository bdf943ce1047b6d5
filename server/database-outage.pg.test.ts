import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type Cluster } from "../tools/pg/throwaway-cluster";
import { get, startBuiltShop, startShopOnItsOwnServer, until, type ShopOnItsOwnServer } from "../tests/unit/built-shop";

// The built shop on a PostgreSQL server of its own, which goes away and comes back: pages and API
// calls get 503s meanwhile, never a hung request, and the shop serves again by itself. Also the
// one-line start-up errors for a database that cannot be used. Needs `npm run build` (npm test
// builds before the unit tests).

const startShop = (databaseUrl: string, port: number, dir: string, sessionSecret?: string) =>
  startBuiltShop({ databaseUrl, port, dir, sessionSecret });

describe("a PostgreSQL server that goes away while the shop serves", () => {
  let setup: ShopOnItsOwnServer;
  let cluster: Cluster;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    setup = await startShopOnItsOwnServer();
    ({ cluster, port, dir } = setup);
  }, 120_000);

  afterAll(() => setup?.stop());

  it("answers 503 with Retry-After meanwhile, pages and API alike, and serves again once it is back", async () => {
    expect((await get(port, "/")).status).toBe(200);
    expect((await get(port, "/api/v1/products")).status).toBe(200);

    await cluster.pause();
    try {
      const page = await until(
        "a 503 page",
        () => get(port, "/?page=2"),
        (a) => a.status !== 200,
        20_000,
      );
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.text).toContain("cannot reach its database");
      const api = await get(port, "/api/v1/products?page=2");
      expect(api.status).toBe(503);
      expect(JSON.parse(api.text)).toMatchObject({ success: false, message: expect.stringContaining("database") });
      // Nothing cached is served either while the catalogue version cannot be followed.
      expect((await get(port, "/")).status).toBe(503);
      expect((await get(port, "/healthz")).status).toBe(503);
    } finally {
      // Resumed whatever happened, so that the next test finds the server up.
      await cluster.resume();
    }
    await until(
      "the shop to serve again",
      () => get(port, "/?page=2"),
      (a) => a.status === 200,
      30_000,
    );
    expect((await get(port, "/api/v1/products?page=2")).status).toBe(200);
    expect((await get(port, "/")).status).toBe(200);
  }, 120_000);

  it("stops start-up with one line without SESSION_SECRET, which every node must share", async () => {
    const unsigned = startShop(cluster.urlOf("shop"), await freePort(), dir, "");
    expect(await unsigned.exited).toBe(1);
    expect(unsigned.output().trim()).toMatch(/^SESSION_SECRET: must be set when DATABASE_URL is PostgreSQL/);
    expect(unsigned.output().trim().split("\n")).toHaveLength(1);
  }, 60_000);

  it("stops start-up with one line for a database that does not exist or a user it does not know", async () => {
    const missing = startShop(cluster.urlOf("no_such_shop"), await freePort(), dir);
    expect(await missing.exited).toBe(1);
    expect(missing.output().trim()).toMatch(
      /^DATABASE_URL: the database "no_such_shop" does not exist at 127\.0\.0\.1:\d+/,
    );
    expect(missing.output().trim().split("\n")).toHaveLength(1);

    const stranger = startShop(cluster.urlOf("shop").replace("shop@", "stranger@"), await freePort(), dir);
    expect(await stranger.exited).toBe(1);
    expect(stranger.output().trim()).toMatch(
      /^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:\d+ refused the user "stranger"/,
    );
  }, 60_000);
});
