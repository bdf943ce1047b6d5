import fs from "node:fs";
import path from "node:path";
import { rawRequest, type RawAnswer } from "./raw-http";

// What the fuzz test sends: every route that takes writes (page actions and the whole API), each
// with malformed bodies, content types, methods and field names. Ids in URLs name nothing, so
// destructive routes change no shared data.

const ROUTES = path.resolve("app/routes");

/** Route files that take writes: every file exporting an `action`, and every /api/v1 route. */
export function writeRouteFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const rel = path.relative(ROUTES, full).split(path.sep).join("/");
        const source = fs.readFileSync(full, "utf8");
        if (
          rel.startsWith("api/v1/") ||
          /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source)
        )
          files.push(rel);
      }
    }
  };
  walk(ROUTES);
  return files.sort();
}

/** The URL pattern of a route file, as app/routes.ts mounts the folders (flat-route names inside each). */
export function urlPatternOf(file: string): RegExp {
  const [area, ...rest] = file.split("/");
  const name = (area === "api" ? rest.slice(1) : rest).join("/").replace(/\.tsx?$/, "");
  const mount = area === "api" ? "/api/v1" : area === "admin" && name !== "dashboard" ? "/admin" : "";
  // Flat-route escapes: `openapi[.json]` is the literal `openapi.json`.
  const segments = name
    .replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replaceAll(".", "\0"))
    .split(".")
    .map((s) => s.replaceAll("\0", "."))
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s === "$" ? ".+" : s.startsWith("$") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${mount}${segments.map((s) => `/${s}`).join("")}$`);
}

const NONE = "nonexistent0fuzz";

export type FuzzTarget = { url: string; admin?: false };

/** One URL per page route that takes writes; `admin: false` where a signed-in pass would end its own session. */
const PAGE_TARGETS: Record<string, FuzzTarget> = {
  "account/auth.google.tsx": { url: "/auth/google" },
  "account/lgn.tsx": { url: "/lgn" },
  "account/logout.tsx": { url: "/logout", admin: false },
  "account/me._index.tsx": { url: "/me" },
  "account/me.email.confirm.$token.tsx": { url: `/me/email/confirm/${NONE}` },
  "account/me.update.tsx": { url: "/me/update" },
  "account/password.forgot.tsx": { url: "/password/forgot" },
  "account/password.reset.$token.tsx": { url: `/password/reset/${NONE}` },
  "account/password.update.tsx": { url: "/password/update" },
  "account/register.tsx": { url: "/register" },
  // The shared shop has an admin: its setup page is gone (404), whatever is sent.
  "account/setup.tsx": { url: "/setup" },
  "account/register_.confirm.$token.tsx": { url: `/register/confirm/${NONE}` },
  "account/unsubscribe.$token.tsx": { url: `/unsubscribe/${NONE}` },
  "admin/$kind.$id.delete.tsx": { url: `/admin/product/${NONE}/delete` },
  "admin/categories.tsx": { url: "/admin/categories" },
  // A body with a name in it adds a category to the shared shop: fuzzed as an admin on a shop of
  // its own (tests/e2e/api/categories-api.spec.ts), as are the settings below.
  "admin/category._index.tsx": { url: "/admin/category", admin: false },
  "admin/category.$id.tsx": { url: `/admin/category/${NONE}` },
  "admin/category.$id_.delete.tsx": { url: `/admin/category/${NONE}/delete` },
  "admin/order.$id.tsx": { url: `/admin/order/${NONE}` },
  "admin/order.$id_.refund.tsx": { url: `/admin/order/${NONE}/refund` },
  "admin/order.$id_.cancel.tsx": { url: `/admin/order/${NONE}/cancel` },
  "admin/product.$id.tsx": { url: `/admin/product/${NONE}` },
  "admin/product.$id_.variants.tsx": { url: `/admin/product/${NONE}/variants` },
  "admin/orders.tsx": { url: "/admin/orders" },
  "admin/page.$id.tsx": { url: `/admin/page/${NONE}` },
  "admin/page._index.tsx": { url: "/admin/page" },
  // Any body with one valid setting in it changes the shared shop: fuzzed as an admin on a shop of
  // its own (tests/e2e/api/settings-api.spec.ts).
  "admin/settings.tsx": { url: "/admin/settings", admin: false },
  "admin/product._index.tsx": { url: "/admin/product" },
  // Shipping and tax: "new" adds to the shared shop's rules, so the fuzz goes there anonymously and
  // as an admin on a shop of its own (tests/e2e/api/shipping-api.spec.ts); an unknown id changes nothing.
  "admin/shipping-zone.$id.tsx": { url: "/admin/shipping-zone/new", admin: false },
  "admin/shipping-method.$id.tsx": { url: "/admin/shipping-method/new", admin: false },
  "admin/tax-rate.$id.tsx": { url: "/admin/tax-rate/new", admin: false },
  // Discounts: "new" could add a promotion to the shared shop's prices, so it is fuzzed as an admin on
  // a shop of its own (tests/e2e/api/discounts-api.spec.ts); pausing an unknown id changes nothing.
  "admin/discount.$id.tsx": { url: "/admin/discount/new", admin: false },
  "admin/discounts.tsx": { url: "/admin/discounts" },
  "admin/products_.delete.tsx": { url: "/admin/products/delete" },
  "admin/reviews.tsx": { url: "/admin/reviews" },
  "admin/setup-checklist.tsx": { url: "/admin/setup-checklist" },
  "admin/user.$id.tsx": { url: `/admin/user/${NONE}` },
  "checkout/confirm.tsx": { url: "/confirm" },
  "checkout/payment.tsx": { url: "/payment" },
  "checkout/shipping.tsx": { url: "/shipping" },
  "checkout/webhooks.stripe.ts": { url: "/webhooks/stripe" },
  "orders/order.$id_.return.tsx": { url: `/order/${NONE}/return` },
  "orders/order.lookup.tsx": { url: "/order/lookup" },
  "shop/back-in-stock.confirm.$token.tsx": { url: `/back-in-stock/confirm/${NONE}` },
  "shop/cart.tsx": { url: "/cart" },
  // A real product (filled in by the test): adding to a throwaway cart changes nothing shared.
  "shop/product.$id.tsx": { url: "/product/:product" },
};

/**
 * An /api/v1 route's target, from its route module: its path with parameters that name nothing,
 * unless its `openapi` declaration gives a fuzz hint (`describeRoute(…, { url, admin: false })`,
 * app/web/openapi/operations.ts), read here from the source (the spec does not load the app's modules).
 */
export function fuzzHintOf(source: string): Partial<FuzzTarget> {
  const declaration = source.slice(source.indexOf("export const openapi"));
  const url = declaration.match(/\burl:\s*"(\/api\/v1\/[^"]*)"/)?.[1];
  const admin = /\badmin:\s*false\b/.test(declaration);
  return { ...(url ? { url } : {}), ...(admin ? { admin: false as const } : {}) };
}

function apiTargets(): Record<string, FuzzTarget> {
  const dir = path.join(ROUTES, "api/v1");
  const files = fs.readdirSync(dir).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));
  return Object.fromEntries(
    files.map((file) => {
      const segments = file
        .replace(/\.ts$/, "")
        .replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replaceAll(".", "\0"))
        .split(".")
        .map((s) => (s.startsWith("$") ? NONE : s.replaceAll("\0", ".")))
        .join("/");
      return [
        `api/v1/${file}`,
        { url: `/api/v1/${segments}`, ...fuzzHintOf(fs.readFileSync(path.join(dir, file), "utf8")) },
      ];
    }),
  );
}

/** One URL per write route: the pages' and every /api/v1 route's. */
export const TARGETS: Record<string, FuzzTarget> = { ...PAGE_TARGETS, ...apiTargets() };

export type FuzzBody = { label: string; headers: Record<string, string>; body?: string | Buffer };

const multipart = (boundary: string, parts: string[], close = true) =>
  `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join("")}${close ? `--${boundary}--\r\n` : ""}`;
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const file = (name: string, filename: string, bytes: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${bytes}`;
const MP = "multipart/form-data; boundary=fz";
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/** The field names the forms and the API read, with values of the wrong kind. */
const WRONG_VALUES =
  "intent=%00&productId[]=a&productId[]=b&quantity=-1e309&step=9&rating=NaN&comment=&email[x]=1&password[]=&name=%F0%9F&" +
  "status=Teleported&role=root&country=ZZ&address=&phoneNo=x&postalCode=&reviewId=&redirectTo=//evil.example&images=data:,x&avatar=data:image/png;base64,!!";

export const BODIES: FuzzBody[] = [
  { label: "no content type, no body", headers: {} },
  { label: "no content type, text", headers: {}, body: "hello" },
  { label: "json {}", headers: { "Content-Type": JSON_TYPE }, body: "{}" },
  {
    label: "json __proto__",
    headers: { "Content-Type": JSON_TYPE },
    body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
  },
  { label: "json broken", headers: { "Content-Type": JSON_TYPE }, body: '{"email":' },
  { label: "json array", headers: { "Content-Type": JSON_TYPE }, body: "[1,2]" },
  { label: "json null", headers: { "Content-Type": JSON_TYPE }, body: "null" },
  {
    label: "json wrong types",
    headers: { "Content-Type": JSON_TYPE },
    body: '{"email":1,"password":[],"name":{},"amount":"x","paymentInfo":7,"images":[1],"avatar":{},"status":null,"role":true,"rating":"9","productId":[]}',
  },
  {
    // Numbers of the wrong kind, each of which zod's coerce once read as 1 or 0.
    label: "json booleans, arrays and empty values for numbers",
    headers: { "Content-Type": JSON_TYPE },
    body: '{"returnWindowDays":true,"lowStockThreshold":[],"cartReminderHours":"","quantity":true,"amount":[],"price":null,"stock":false,"key":{}}',
  },
  {
    label: "json utf-16",
    headers: { "Content-Type": "application/json; charset=utf-16" },
    body: Buffer.from("\xff\xfe{\x00}\x00", "latin1"),
  },
  { label: "text/plain", headers: { "Content-Type": "text/plain" }, body: "intent=remove&productId=x" },
  { label: "xml", headers: { "Content-Type": "application/xml" }, body: "<a/>" },
  {
    label: "octet-stream",
    headers: { "Content-Type": "application/octet-stream" },
    body: Buffer.from([0, 255, 1, 254, 13, 10]),
  },
  { label: "garbage content type", headers: { "Content-Type": ';;;="' }, body: "x" },
  { label: "urlencoded empty", headers: { "Content-Type": FORM }, body: "" },
  { label: "urlencoded wrong values", headers: { "Content-Type": FORM }, body: WRONG_VALUES },
  { label: "urlencoded __proto__", headers: { "Content-Type": FORM }, body: "__proto__=x&a=1" },
  { label: "urlencoded __proto__[role]", headers: { "Content-Type": FORM }, body: "__proto__[role]=admin" },
  {
    label: "urlencoded constructor[prototype][x]",
    headers: { "Content-Type": FORM },
    body: "constructor[prototype][x]=1",
  },
  { label: "urlencoded bad percent", headers: { "Content-Type": FORM }, body: "email=%zz%&password=%&intent=%E0%A4%A" },
  { label: "urlencoded long name", headers: { "Content-Type": FORM }, body: `${"n".repeat(5000)}=1` },
  {
    label: "urlencoded over the limit",
    headers: { "Content-Type": FORM },
    body: `comment=${"x".repeat(1024 * 1024 + 10)}`,
  },
  {
    label: "json over the limit",
    headers: { "Content-Type": JSON_TYPE },
    body: `{"email":"${"x".repeat(1024 * 1024 + 10)}"}`,
  },
  { label: "multipart no boundary", headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\nbroken" },
  {
    label: "multipart truncated",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    body: "--x\r\nbroken",
  },
  { label: "multipart empty", headers: { "Content-Type": MP }, body: "" },
  {
    label: "multipart unterminated",
    headers: { "Content-Type": MP },
    body: multipart("fz", [field("name", "x")], false),
  },
  {
    label: "multipart no disposition",
    headers: { "Content-Type": MP },
    body: multipart("fz", ["Content-Type: text/plain\r\n\r\nx"]),
  },
  {
    label: "multipart header without colon",
    headers: { "Content-Type": MP },
    body: multipart("fz", ["Content-Disposition form-data\r\n\r\nx"]),
  },
  {
    label: "multipart __proto__",
    headers: { "Content-Type": MP },
    body: multipart("fz", [field("__proto__[role]", "admin"), field("constructor[prototype][x]", "1")]),
  },
  {
    label: "multipart quoted boundary",
    headers: { "Content-Type": 'multipart/form-data; boundary="q q"' },
    body: multipart("q q", [field("intent", "x"), field("name", "")]),
  },
  {
    label: "multipart files that are not images",
    headers: { "Content-Type": MP },
    body: multipart("fz", [
      field("name", "Fuzz"),
      file("avatar", "a.png", "not an image"),
      file("avatar", "b.png", "second avatar"),
      ...Array.from({ length: 12 }, (_, i) => file("images", `${i}.png`, "x")),
      file("__proto__", "p.png", "x"),
    ]),
  },
  {
    label: "multipart file in a text field",
    headers: { "Content-Type": MP },
    body: multipart("fz", [file("email", "e.png", "x"), file("intent", "", "")]),
  },
];

/** Methods other than POST, each with a few bodies. */
export const OTHER_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS"];
export const FEW_BODIES = BODIES.filter((b) =>
  ["no content type, no body", "json {}", "urlencoded wrong values", "multipart truncated"].includes(b.label),
);

/** Origins of other sites, and malformed ones: every write with one of them must be a 403. */
export const FOREIGN_ORIGINS = [
  "http://evil.example",
  "null",
  "http://127.0.0.1.evil.example",
  "::not a url::",
  "http://127.0.0.1:1",
];

export type EdgeRequest = { method: string; url: string; status: number; allow?: string };

/**
 * What the server's edge answers before any route can (a method a fetch Request cannot carry, a
 * path Express cannot decode), and the legacy redirect that copies a query into a Location: each
 * with its status, never a 5xx, and never a stack trace in the log (tests/e2e/api/edge-log.spec.ts).
 */
export const EDGE_REQUESTS: EdgeRequest[] = [
  { method: "TRACE", url: "/", status: 405, allow: "GET, HEAD, POST" },
  { method: "TRACE", url: "/product/x", status: 405, allow: "GET, HEAD, POST" },
  { method: "TRACE", url: "/api/v1/products", status: 405, allow: "GET, HEAD, POST, PUT, DELETE" },
  { method: "GET", url: "/%ZZ", status: 400 },
  { method: "GET", url: "/product/%ZZ", status: 400 },
  { method: "GET", url: "/search/%E0%A4%A", status: 400 },
  { method: "GET", url: "/%C0%AF", status: 400 },
  { method: "GET", url: "/uploads/%ZZ", status: 400 },
  { method: "GET", url: "/api/v1/product/%ZZ", status: 400 },
  { method: "PUT", url: "/api/v1/%ZZ", status: 400 },
  { method: "POST", url: "/lgn%ZZ", status: 400 },
  { method: "POST", url: "/webhooks/stripe%ZZ", status: 400 },
  { method: "GET", url: "/lgn?redirectTo=%0D%0A%00%E2%80%A8%F0%9F%98%80", status: 200 },
  { method: "GET", url: "/login?redirectTo=%0D%0A%00%E2%80%A8", status: 301 },
];

/**
 * `redirectTo` values (as the login form sends them) that browsers read as another site, or that
 * no Location header can hold (CR, LF, NUL, anything above U+00FF): logging in with any of them
 * lands on the home page, signed in.
 */
export const NASTY_REDIRECTS = [
  "/\t/evil.example/x",
  "/%09/evil.example/x",
  "/\r\n/evil.example",
  "/\rx",
  "/\nx",
  "/\0x",
  "/\u2028x",
  "/\u0100x",
  "/\u{1F600}",
  "/\uff0fevil.example",
  "/%2F/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  `/${"x".repeat(5000)}`,
];

export type FuzzCase = { method: string; url: string; body: FuzzBody; cookie?: string; origin?: string };

/** Sends every case to `base`, `concurrency` at a time; each answer with its case. */
export async function runAll(base: string, cases: FuzzCase[], concurrency = 6) {
  const answers: { c: FuzzCase; answer: RawAnswer }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const headers: Record<string, string> = { ...c.body.headers };
      if (c.cookie) headers.Cookie = c.cookie;
      if (c.origin) headers.Origin = c.origin;
      if (c.body.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(c.body.body));
      answers.push({ c, answer: await rawRequest(base, c.method, c.url, headers, c.body.body) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

/** A case and its answer, in a line of a failure's list. */
export const describeAnswer = ({ c, answer }: { c: FuzzCase; answer: RawAnswer }) =>
  `${c.method} ${c.url} [${c.body.label}]${c.cookie ? " as admin" : ""}${c.origin ? ` Origin: ${c.origin}` : ""} → ${answer.status} ${answer.body.slice(0, 120)}`;
