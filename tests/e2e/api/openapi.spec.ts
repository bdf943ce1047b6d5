import { documentProblems, expect, test } from "../support/openapi-check";

test("GET /api/v1/openapi.json is an OpenAPI 3.1 document of the API at PUBLIC_URL", async ({ request, baseURL }) => {
  const response = await request.get("/api/v1/openapi.json");
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const doc = await response.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.servers).toEqual([{ url: `${baseURL}/api/v1` }]);
  expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearerAuth", "cookieAuth"]);
  expect(doc.paths["/products"].get.responses["400"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/Error",
  });
});

test("the response check refuses what the document does not say", async ({ request, baseURL }) => {
  const url = `${baseURL}/api/v1/products?page=2`;
  const body = await (await request.get(url)).json();
  expect(await documentProblems("GET", url, 200, JSON.stringify(body))).toEqual([]);

  const stringPrice = { ...body, products: [{ ...body.products[0], price: String(body.products[0].price) }] };
  expect((await documentProblems("GET", url, 200, JSON.stringify(stringPrice))).join()).toMatch(
    /\/products\/0\/price must be number/,
  );
  const { productsCount: _, ...missing } = body;
  expect((await documentProblems("GET", url, 200, JSON.stringify(missing))).join()).toMatch(
    /must have required property 'productsCount'/,
  );
  expect(await documentProblems("GET", url, 500, JSON.stringify({ success: false, message: "x" }))).toEqual([
    "status 500 is not documented for GET /products",
  ]);
  expect((await documentProblems("GET", url, 400, JSON.stringify({ message: "x" }))).join()).toMatch(
    /required property 'success'/,
  );

  // A method the path does not list: 405 in the error shape, nothing else.
  const error = JSON.stringify({ success: false, message: "POST is not allowed here" });
  expect(await documentProblems("POST", url, 405, error)).toEqual([]);
  expect(await documentProblems("POST", url, 200, JSON.stringify(body))).toHaveLength(1);
  // Paths without a route: 404.
  expect(await documentProblems("GET", `${baseURL}/api/v1/no/such/thing`, 404, error)).toEqual([]);
  expect(await documentProblems("GET", `${baseURL}/api/v1/no/such/thing`, 200, error)).toHaveLength(1);
});

test("/api/docs is the shop's own page: same-origin scripts and styles, no inline script", async ({ request }) => {
  const page = await request.get("/api/docs");
  expect(page.headers()["content-type"]).toMatch(/^text\/html/);
  const html = await page.text();
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
  expect(scripts).toEqual([' src="/api/docs/swagger-ui-bundle.js"', ' src="/api/docs/shop-docs.js"']);
  for (const href of [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1])) {
    const asset = await request.get(href);
    expect(asset.status(), href).toBe(200);
    expect(asset.headers()["content-type"], href).toMatch(/^text\/(javascript|css)/);
  }
  expect(html).toContain('href="/api/v1/openapi.json"');
  expect((await request.get("/api/docs/package.json")).status()).toBe(404);
  expect((await request.get("/api/docs/..%2Fpackage.json")).status()).toBe(404);
});

test("a method a read-only route has no handler for answers 405 in the API's shape, not Remix's", async ({
  request,
}) => {
  const response = await request.post("/api/v1/products", { data: {} });
  expect(response.status()).toBe(405);
  expect(await response.json()).toEqual({ success: false, message: "POST is not allowed here" });
});
