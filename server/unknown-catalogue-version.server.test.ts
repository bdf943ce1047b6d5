import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogueCached } from "~/models/platform";
import { catalogueSitemap } from "~/models/content";
import { createProduct } from "../tests/unit/fixtures";
import { listen } from "../tests/unit/http";
import { anonymousCatalogueCache } from "./page-cache.server";
import { requestListener } from "./request-listener.server";

// While the catalogue's version is unknown (PostgreSQL before its follower has heard it, or while
// its connection is down: a fresh number below zero at each call), nothing cached may be served
// and nothing read may be kept; once it is known again, answers are kept as before.
const version = vi.hoisted(() => ({ known: null as number | null, unknown: -1 }));
vi.mock("~/models/platform/catalogue-version.server", () => ({
  catalogueVersion: () => version.known ?? --version.unknown,
}));

describe("catalogue answers while the version is unknown", () => {
  it("reads again at every call and keeps nothing; kept again once the version is known", async () => {
    let reads = 0;
    const read = async () => ({ read: ++reads });
    const ask = () => catalogueCached("unknown-version", read, () => []);

    version.known = null;
    expect(await ask()).toEqual({ read: 1 });
    expect(await ask()).toEqual({ read: 2 });

    version.known = 7;
    const kept = await ask();
    expect(kept).toEqual({ read: 3 });
    expect(await ask()).toBe(kept);

    // Unknown again: the kept answer is not served, and what is read meanwhile is not kept.
    version.known = null;
    expect(await ask()).toEqual({ read: 4 });
    version.known = 7;
    expect(await ask()).toBe(kept);
  });
});

describe("the sitemap while the version is unknown", () => {
  it("is built again at every call; kept once the version is known", async () => {
    const products = async () =>
      ((await catalogueSitemap("https://shop.example", "root")) ?? "").split("/product/").length - 1;
    version.known = null;
    const before = await products();
    await createProduct();
    // The version (mocked) did not move: only a sitemap built again shows the new product.
    expect(await products()).toBe(before + 1);

    version.known = 11;
    const kept = await products();
    await createProduct();
    expect(await products()).toBe(kept);
    version.known = null;
    expect(await products()).toBe(kept + 1);
  });
});

describe("the page cache while the version is unknown", () => {
  let renders = 0;
  const cache = anonymousCatalogueCache();
  const app = express();
  app.use(cache.middleware);
  app.get("/", (_req, res) => {
    renders++;
    res.type("html").send(`<p>render ${renders}</p>`);
  });
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(requestListener(app, { cache }));
  });
  afterAll(() => server.close());

  it("renders every request and keeps none; answers from memory once the version is known", async () => {
    version.known = null;
    for (let i = 0; i < 2; i++) await server.request("/");
    expect(renders).toBe(2);

    version.known = 9;
    const miss = await server.request("/");
    expect((await server.request("/")).body).toEqual(miss.body);
    expect(renders).toBe(3);

    version.known = null;
    expect((await server.request("/")).body.toString()).toBe("<p>render 4</p>");
  });
});
