import { z, type ZodTypeAny } from "zod";
import { userPayload } from "~/lib/api-payloads";
import { DEFAULT_MONEY_FORMAT } from "~/lib/money";

// How an /api/v1 route describes itself: each route module exports `openapi`, the operations it
// serves (describeRoute), and ./document.server.ts assembles the OpenAPI document from every route
// module. The request schemas are the objects the routes pass to parseApiInput; the payloads are
// what the routes' JSON shapers return.

export type Method = "get" | "post" | "put" | "delete" | "patch";
/**
 * Who may call: anyone, a signed-in user (cookie or bearer token), or an admin; `guest`: anyone, a
 * signed-in caller as themselves and a caller without credentials as a guest (credentials that no
 * longer sign in are a 401, never a guest).
 */
export type Access = "public" | "guest" | "user" | "admin";
/** The document's groups, in the order the API's page shows them. */
export const TAGS = ["Products", "Reviews", "Accounts", "Orders", "Payment", "Admin", "Meta"] as const;

export type ApiOperation = {
  /** The path under /api/v1, OpenAPI style (`/product/{id}`). */
  path: string;
  method: Method;
  /** Made from the method and the path (operationIdOf) unless given. */
  operationId?: string;
  summary: string;
  description?: string;
  tag: (typeof TAGS)[number];
  access: Access;
  /** The JSON body; `files` names those that may come as multipart/form-data parts too. */
  body?: { schema: ZodTypeAny; files?: Record<string, "one" | "many"> };
  query?: z.AnyZodObject;
  /** The success answer; none only for the catch-all, which answers 404 whatever it is sent. */
  ok?: { status: 200 | 201; description: string; schema: ZodTypeAny };
  /** Answered from the anonymous page cache: 304 on a matching If-None-Match. */
  cached?: true;
  /** Error statuses beyond those that follow from access, body and path parameters. */
  errors?: number[];
  /** False when the call reads no database, so never answers 503 for one that cannot be reached. */
  database?: false;
};

/**
 * What the fuzz test (tests/e2e/support/fuzz-corpus.ts, which reads it from the route's source) sends
 * to the route beyond the default, its path with `{…}` parameters that name nothing: another `url`
 * (`:product` is a real product), or `admin: false` where an admin's pass would change the shared
 * shop or end the session (such routes are fuzzed as an admin on a shop of their own).
 */
export type FuzzHint = { url?: string; admin?: false };

/** What a route module exports as `openapi`. */
export type ApiRouteDoc = { operations: ApiOperation[]; fuzz?: FuzzHint };

export const describeRoute = (operations: ApiOperation | ApiOperation[], fuzz?: FuzzHint): ApiRouteDoc => ({
  operations: Array.isArray(operations) ? operations : [operations],
  fuzz,
});

/** Another route file's operations at an alias path (a route file that serves another's handler). */
export const aliasAt = (path: string, { operations }: ApiRouteDoc): ApiRouteDoc => ({
  operations: operations.map((operation) => ({ ...operation, path, operationId: undefined })),
});

/** `put` `/admin/user/{id}` → `putAdminUserById`; `/openapi.json` → `getOpenapiJson`. */
export function operationIdOf({ method, path, operationId }: ApiOperation): string {
  if (operationId) return operationId;
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = segment.match(/^\{(\w+)\}$/)?.[1];
      return parameter ? ["by", parameter] : segment.split(/[^A-Za-z0-9]+/);
    });
  return method + words.map(capital).join("");
}

/** An admin's call, in the Admin group. */
export const adminOperation = (operation: Omit<ApiOperation, "tag" | "access">): ApiOperation => ({
  tag: "Admin",
  access: "admin",
  ...operation,
});

// Answers.
export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
export const message = ok({ message: z.string() });
/** 200 with `{ success, message }`. */
export const done = (description: string) => ({ status: 200 as const, description, schema: message });
/** 200 (or 201) with `{ success, [key]: payload }`. */
export const one = (key: string, payload: ZodTypeAny, description: string, status: 200 | 201 = 200) => ({
  status,
  description,
  schema: ok({ [key]: payload }),
});
/** 200 with `{ success, [key]: payload[] }`. */
export const listOf = (key: string, payload: ZodTypeAny, description: string) =>
  one(key, z.array(payload), description);
/** 200 with one page of a list: its items, how many match on every page and how many a page holds. */
export const pageOf = (count: z.ZodRawShape, items: z.ZodRawShape, description: string) => ({
  status: 200 as const,
  description,
  schema: ok({ ...count, resPerPage: z.number().int(), ...items }),
});
export const signedIn = ok({
  token: z.string().describe("A bearer token for the `Authorization` header"),
  user: userPayload,
});
export const newToken = {
  status: 200 as const,
  description: "Changed: a new session and bearer token",
  schema: ok({ token: z.string(), message: z.string() }),
};

// Requests.
/** Sign-in with Google: the ID token from Google Identity Services instead of a password. */
export const googleCredential = z.object({ credential: z.string().describe("A Google ID token") });
export const signedInBody = (schema: ZodTypeAny) => schema.describe("Signed in (the cookie or a bearer token)");
export const guestBody = (schema: ZodTypeAny) => schema.describe("A guest (no credentials): `email` is required");
/** A guest's order: its page's link, with the key that opens it without an account. */
export const orderLink = z
  .string()
  .describe(
    "The order's page for the guest: an absolute URL with its key (`?key=`), as in the confirmation mail. GET /order/{id}?key= answers the same order. Not part of the original API.",
  );

/**
 * Amounts sent as text are read as the shop's locale writes money (app/lib/money-input.ts); the
 * document, one for every shop, is made with the default's schemas (their shapes are the same).
 */
export const DOC_LOCALE = DEFAULT_MONEY_FORMAT.locale;

/** POST /admin/{kind}/new: one of the shop's rules (app/web/admin-rule-api.server.ts). */
export const ruleCreateOperation = (kind: string, what: string, input: ZodTypeAny, answer: z.ZodRawShape) =>
  adminOperation({
    path: `/admin/${kind}/new`,
    method: "post",
    summary: `Add ${what}`,
    body: { schema: input },
    ok: { status: 201, description: `The new ${kind.replace("-", " ")}`, schema: ok(answer) },
    errors: [409],
  });

/** PUT and DELETE /admin/{kind}/{id}: one of the shop's rules. */
export const ruleChangeOperations = (kind: string, what: string, input: ZodTypeAny, answer: z.ZodRawShape) => [
  adminOperation({
    path: `/admin/${kind}/{id}`,
    method: "put",
    summary: `Change ${what} (all of it, as on create)`,
    body: { schema: input },
    ok: { status: 200, description: `The ${kind.replace("-", " ")}`, schema: ok(answer) },
    errors: [409],
  }),
  adminOperation({ path: `/admin/${kind}/{id}`, method: "delete", summary: `Delete ${what}`, ok: done("Deleted") }),
];

/** Any other path under /api/v1, at any depth and with any method, answers 404 in the error shape. */
export const UNKNOWN_PATH = "/{path}";
