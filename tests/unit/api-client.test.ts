import createClient from "openapi-fetch";
import { beforeEach, describe, expect, it } from "vitest";
import { apiRouteModules } from "~/routes/api/v1-routes.server";
// Generated from the OpenAPI document by `npm run openapi` (scripts/openapi/check.ts; npm test runs
// it before tsc): tsc checks every call below against the document's paths, parameters and payloads.
import type { paths } from "../../.cache/openapi/api";
import { clearCatalogue, createProduct } from "./fixtures";

// A client generated from the document (openapi-typescript's types, openapi-fetch's calls) talks to
// the shop's /api/v1 route modules in-process: what it sends and reads is what the document says.

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response>;
type RouteModule = { loader?: Handler; action?: Handler };

/**
 * Each route file as Remix mounts it (`admin.user.$id.ts` → /admin/user/:id): literal segments before
 * parameters, the catch-all (`$.ts`) last.
 */
const routes = Object.entries(apiRouteModules() as Record<string, RouteModule>)
  .map(([file, module]) => {
    const segments = file
      .replace(/^\.\/v1\/|\.ts$/g, "")
      .replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replaceAll(".", "\0"))
      .split(".")
      .map((s) => s.replaceAll("\0", "."));
    const names = segments.filter((s) => s.startsWith("$")).map((s) => s.slice(1) || "*");
    const pattern = segments.map((s) => (s === "$" ? "(.+)" : s.startsWith("$") ? "([^/]+)" : s)).join("/");
    return { module, names, pattern: new RegExp(`^/api/v1/${pattern}$`), rank: pattern === "(.+)" ? 99 : names.length };
  })
  .sort((a, b) => a.rank - b.rank);

/** fetch for the client: the route a request's path names answers it, as the server would. */
async function shopFetch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const { module, names, pattern } of routes) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    const handler = request.method === "GET" ? module.loader : module.action;
    if (!handler) throw new Error(`${pathname} has no handler for ${request.method}`);
    return handler({ request, params, context: { clientIp: "198.18.9.1" } });
  }
  throw new Error(`no route for ${pathname}`);
}

const client = createClient<paths>({ baseUrl: "http://shop.test/api/v1", fetch: shopFetch });

beforeEach(async () => {
  await clearCatalogue();
});

describe("a typed client generated from the OpenAPI document", () => {
  it("registers, then reads the signed-in user with the bearer token the answer holds", async () => {
    const email = `typed-client-${Date.now()}@example.com`;
    const registered = await client.POST("/register", {
      body: { name: "Typed Client", email, password: "password-1" },
    });
    expect(registered.response.status).toBe(201);
    const token = registered.data?.token;
    expect(token).toEqual(expect.any(String));

    const me = await client.GET("/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.data?.user).toMatchObject({ name: "Typed Client", email, role: "user" });
    const anonymous = await client.GET("/me");
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error).toEqual({ success: false, message: "Login first to access this resource." });
  });

  it("searches the catalogue with the document's query names and reads one product by its path parameter", async () => {
    const id = await createProduct({ name: "Typed Camera", priceCents: 12_345 });
    await createProduct({ name: "Other thing" });

    const found = await client.GET("/products", { params: { query: { keyword: "typed" } } });
    expect(found.data?.filteredProductsCount).toBe(1);
    expect(found.data?.products.map((product) => product.name)).toEqual(["Typed Camera"]);

    const product = await client.GET("/product/{id}", { params: { path: { id } } });
    expect(product.data?.product).toMatchObject({ _id: id, name: "Typed Camera", price: 123.45 });
    const missing = await client.GET("/product/{id}", { params: { path: { id: "no-such-product" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.success).toBe(false);
  });

  it("is checked by the document: a path, a body field or a payload it does not list does not compile", async () => {
    // @ts-expect-error: no such path in the document
    await expect(client.GET("/no/such/path")).resolves.toMatchObject({ response: { status: 404 } });
    // @ts-expect-error: the body lacks `email`, which the document requires
    const refused = await client.POST("/login", { body: { password: "password-1" } });
    expect(refused.response.status).toBe(400);
    const settings = await client.GET("/settings");
    // @ts-expect-error: the settings payload has no such field
    expect(settings.data?.settings.noSuchSetting).toBeUndefined();
  });
});
