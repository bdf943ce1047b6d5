import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiRouteModules } from "~/routes/api/v1-routes.server";
import { fuzzHintOf } from "../../../tests/e2e/support/fuzz-corpus";
import { openApiDocument } from "./document.server";
import { UNKNOWN_PATH } from "./operations";

const ROUTES = path.resolve("app/routes/api/v1");

/** `admin.user.$id.ts` → `/admin/user/{id}`; `openapi[.json].ts` → `/openapi.json`; `$.ts` → the catch-all. */
function pathOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "$") return UNKNOWN_PATH;
  const segments = name
    .replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replaceAll(".", "\0"))
    .split(".")
    .map((s) => s.replaceAll("\0", "."))
    .map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s));
  return `/${segments.join("/")}`;
}

/**
 * The methods a route file serves: GET for a loader, and each method its action compares
 * request.method with. An action re-exported from another route file, or made by a helper
 * (`export const action = helper(…)`), is read where it is written.
 */
function methodsOf(source: string, dir = ROUTES): string[] {
  const methods = new Set<string>();
  if (/export\s+(async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source)) methods.add("get");
  for (const match of source.matchAll(/request\.method\s*[!=]==?\s*"(\w+)"/g)) methods.add(match[1].toLowerCase());
  if (methods.size > 0) return [...methods];
  const reexported = source.match(/export\s*\{\s*action\s*\}\s*from\s*"(\.[^"]+)"/)?.[1];
  const helper = source.match(/export\s+const\s+action\s*=\s*(\w+)\(/)?.[1];
  const helperModule =
    helper && source.match(new RegExp(`import\\s*\\{[^}]*\\b${helper}\\b[^}]*\\}\\s*from\\s*"([^"]+)"`))?.[1];
  const from = reexported
    ? path.join(dir, reexported)
    : helperModule
      ? path.resolve(helperModule.replace(/^~\//, "app/"))
      : null;
  if (!from) return [];
  const file = [`${from}.ts`, `${from}.tsx`, from].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!file) return [];
  const module = fs.readFileSync(file, "utf8");
  // A helper module may export several actions: only the helper's own function counts.
  const own = helper ? module.match(new RegExp(`export function ${helper}\\b[\\s\\S]*?(?=\\nexport |$)`))?.[0] : null;
  return methodsOf(own ?? module, path.dirname(file));
}

const routeFiles = fs.readdirSync(ROUTES).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
// Alias paths mounted in app/routes.ts on an existing file: route("api/v1/password/update", "routes/api/v1/password.change.ts", …).
const aliases = [
  ...fs
    .readFileSync(path.resolve("app/routes.ts"), "utf8")
    .matchAll(/route\(\s*"api\/v1(\/[^"]+)",\s*"routes\/api\/v1\/([^"]+)"/g),
].map(([, url, file]) => ({ path: url.replace(/:(\w+)/g, "{$1}"), file }));
const modules = apiRouteModules();
const document = openApiDocument("https://shop.example", modules);
const documented = document.paths ?? {};
const operations = Object.entries(documented).flatMap(([path, item]) =>
  Object.entries(item ?? {}).map(([method, operation]) => ({ path, method, ...(operation as OperationObject) })),
);
type OperationObject = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with the public URL as its server, and both ways to sign in", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://shop.example/api/v1" }]);
    expect(document.components?.securitySchemes).toMatchObject({
      cookieAuth: { type: "apiKey", in: "cookie", name: "shop_session" },
      bearerAuth: { type: "http", scheme: "bearer" },
    });
  });

  it.each(routeFiles)("documents every method of %s, as its module declares them (export const openapi)", (file) => {
    expect(modules[`./v1/${file}`]?.openapi?.operations.length, `${file} declares no operation`).toBeGreaterThan(0);
    const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
    const methods = file === "$.ts" ? ["get", "post", "put", "delete", "patch"] : methodsOf(source);
    expect(methods.length, `no method found in ${file}`).toBeGreaterThan(0);
    const item = documented[pathOf(file)] as Record<string, unknown> | undefined;
    expect(item, `${pathOf(file)} is not in the document`).toBeDefined();
    for (const method of methods) expect(item?.[method], `${method.toUpperCase()} ${pathOf(file)}`).toBeDefined();
  });

  it.each(aliases)("documents the alias $path of $file with the same methods", ({ path: alias, file }) => {
    const item = documented[alias] as Record<string, unknown> | undefined;
    expect(item, `${alias} is not in the document`).toBeDefined();
    for (const method of methodsOf(fs.readFileSync(path.join(ROUTES, file), "utf8")))
      expect(item?.[method], `${method.toUpperCase()} ${alias}`).toBeDefined();
  });

  it("names every operation (a unique camelCase operationId) and says who may call each, the catch-all too", () => {
    expect(operations.length).toBeGreaterThan(70);
    const ids = operations.map((operation) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^(get|post|put|delete|patch)[A-Z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(documented["/admin/user/{id}"]?.put?.operationId).toBe("putAdminUserById");
    for (const operation of operations)
      expect(operation.security, `${operation.method} ${operation.path}`).toBeDefined();
    expect(documented[UNKNOWN_PATH]?.post?.security).toEqual([]);
  });

  // Redocly's operation-2xx-response is off for the catch-all's sake (redocly.yaml): this is its check.
  it("answers each operation's success, but the catch-all's, which answers 404 whatever it is sent", () => {
    for (const { path, method, responses } of operations) {
      const statuses = Object.keys(responses ?? {});
      if (path === UNKNOWN_PATH) expect(statuses, method).not.toContain("200");
      else
        expect(
          statuses.some((status) => /^2\d\d$/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
    }
  });

  it("reads each route's fuzz hint from its source (tests/e2e/support/fuzz-corpus.ts) as its module declares it", () => {
    for (const file of routeFiles) {
      const declared = modules[`./v1/${file}`]?.openapi?.fuzz ?? {};
      expect(fuzzHintOf(fs.readFileSync(path.join(ROUTES, file), "utf8")), file).toEqual(declared);
    }
    expect(modules["./v1/logout.ts"]?.openapi?.fuzz).toEqual({ admin: false });
  });

  it("documents no path without a route file", () => {
    const routed = new Set([...routeFiles.map(pathOf), ...aliases.map((a) => a.path)]);
    expect(Object.keys(documented).filter((p) => !routed.has(p))).toEqual([]);
  });

  it("answers errors as { success: false, message } with their statuses; signed-in calls name both schemes", () => {
    const me = documented["/me"]?.get;
    expect(me?.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(Object.keys(me?.responses ?? {})).toEqual(["200", "401", "405", "503"]);
    const error = document.components?.schemas?.Error;
    expect(error).toMatchObject({ type: "object", required: ["success", "message"] });
    const register = documented["/register"]?.post;
    expect(Object.keys(register?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "403", "408", "409", "413", "415"]),
    );
    expect(
      Object.keys(register?.requestBody && "content" in register.requestBody ? register.requestBody.content : {}),
    ).toContain("multipart/form-data");
  });

  it("documents the 503 of a database out of reach on every call that reads one, and the payment provider's on payment calls", () => {
    const unavailable = (path: string, method: "get" | "post") =>
      (documented[path]?.[method]?.responses as Record<string, { description: string }> | undefined)?.["503"]
        ?.description;
    expect(unavailable("/products", "get")).toMatch(/database cannot be reached.*Retry-After/);
    expect(unavailable("/payment/process", "post")).toMatch(/payment provider.*or the database/);
    expect(unavailable("/openapi.json", "get")).toBeUndefined();
  });

  it("documents the confirmation an order's step back needs, and the 409 without it, on both paths", () => {
    for (const path of ["/admin/update/order/{id}", "/admin/order/{id}"]) {
      const put = documented[path]?.put;
      expect(Object.keys(put?.responses ?? {}), path).toContain("409");
      const body =
        put?.requestBody && "content" in put.requestBody
          ? put.requestBody.content["application/json"]?.schema
          : undefined;
      expect(body, path).toMatchObject({
        required: ["status"],
        properties: {
          confirmBackward: {
            type: ["boolean", "null"],
            description: expect.stringContaining("Without it a step back is refused with 409"),
          },
        },
      });
    }
  });
});
