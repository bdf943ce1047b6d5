import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { errorPayload } from "~/lib/api-payloads";
import { SESSION_COOKIE } from "~/web/cookie-names";
import { TAGS, operationIdOf, type ApiOperation, type ApiRouteDoc } from "./operations";

// zod-to-openapi reads its metadata through a method it adds to zod's schemas.
extendZodWithOpenApi(z);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: the message names the first problem",
  401: "Not signed in (`Login first to access this resource.`), or wrong credentials (also where a guest may call without any)",
  403: "Not allowed: a user without the admin role, or a write (or a logout) sent from another site",
  404: "Not found",
  405: "This path does not take that method (the answer to any method not listed for the path)",
  408: "The request body did not arrive in time (`BODY_TIMEOUT_MS`, 30 s): the connection is closed after this answer",
  409: "Conflict with the current state, e.g. an e-mail address already in use",
  413: "The request body is too large",
  415: "The body's content type is not one this call reads",
  429: "Too many attempts: wait and try again (see `Retry-After`)",
  503: "The database cannot be reached for a moment (a shop on PostgreSQL whose server is away): try again after `Retry-After` seconds",
};
const PAYMENT_UNAVAILABLE =
  "The payment provider is not configured or not reachable, or the database cannot be reached for a moment (then with `Retry-After`)";

function errorDescription(operation: ApiOperation, status: number): string {
  return status === 503 && operation.errors?.includes(503) ? PAYMENT_UNAVAILABLE : ERROR_DESCRIPTIONS[status];
}

/** The error statuses an operation may answer with. */
function errorStatuses(operation: ApiOperation): number[] {
  // Before any route: the same-origin check on writes, and the body's limits (size, time) on any body.
  const refusals = operation.method === "get" ? [] : [403, 408, 413];
  // The catch-all: whatever the path and method, 404 once the refusals have let it through.
  if (!operation.ok) return [404, ...refusals].sort((a, b) => a - b);
  const statuses = new Set([405, ...(operation.errors ?? [])]);
  if (operation.access !== "public") statuses.add(401);
  if (operation.access === "admin") statuses.add(403);
  for (const status of refusals) statuses.add(status);
  if (operation.body) for (const status of [400, 415]) statuses.add(status);
  if (operation.path.includes("{id}")) statuses.add(404);
  if (operation.path.includes("{token}")) statuses.add(400);
  if (operation.database !== false) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** Who may call, as OpenAPI says it: no scheme, one of the two, or (a guest's call) either or none. */
function securityOf(access: ApiOperation["access"]) {
  const signedIn = [{ cookieAuth: [] }, { bearerAuth: [] }];
  if (access === "public") return [];
  return access === "guest" ? [{}, ...signedIn] : signedIn;
}

const pathParameters = (path: string) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
};

function requestBody(body: NonNullable<ApiOperation["body"]>) {
  const content: Record<string, { schema: z.ZodTypeAny }> = { "application/json": { schema: body.schema } };
  if (body.files) {
    // Files as multipart parts, or as data URLs in a JSON or form body.
    const files = z.object(
      Object.fromEntries(
        Object.entries(body.files).map(([name, count]) => {
          const file = z.string().describe("A file part, or an image as a data URL");
          return [name, (count === "many" ? z.union([file, z.array(file)]) : file).optional()];
        }),
      ),
    );
    const withFiles = z.intersection(body.schema, files);
    content["application/json"] = { schema: withFiles };
    content["multipart/form-data"] = { schema: withFiles };
  }
  content["application/x-www-form-urlencoded"] = { schema: content["application/json"].schema };
  return { required: true, content };
}

function register(registry: OpenAPIRegistry, operation: ApiOperation) {
  const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodTypeAny }> }> = {};
  if (operation.ok) {
    responses[operation.ok.status] = {
      description: operation.ok.description,
      content: { "application/json": { schema: operation.ok.schema } },
    };
  }
  if (operation.cached) responses[304] = { description: "Not modified: the `If-None-Match` ETag is current" };
  for (const status of errorStatuses(operation)) {
    responses[status] = {
      description: errorDescription(operation, status),
      content: { "application/json": { schema: errorPayload } },
    };
  }
  registry.registerPath({
    method: operation.method,
    path: operation.path,
    operationId: operationIdOf(operation),
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    security: securityOf(operation.access),
    request: {
      params: pathParameters(operation.path),
      query: operation.query,
      body: operation.body ? requestBody(operation.body) : undefined,
    },
    responses,
  });
}

/** A route module of /api/v1: its OpenAPI operations in `openapi` (./operations.ts). */
export type ApiRouteModule = { openapi?: ApiRouteDoc };

/** Every route module's operations, by group in the page's order. */
function operationsOf(routes: Record<string, ApiRouteModule>): ApiOperation[] {
  const operations = Object.values(routes).flatMap((module) => module.openapi?.operations ?? []);
  return operations.sort((a, b) => TAGS.indexOf(a.tag) - TAGS.indexOf(b.tag));
}

/**
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json, from the operations its route
 * modules (by file name) declare.
 */
export function openApiDocument(publicUrl: string, routes: Record<string, ApiRouteModule>) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie that sign-in and register set",
  });
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The `token` that sign-in, register and password change answer",
  });

  for (const operation of operationsOf(routes)) register(registry, operation);

  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "ShopIT API",
      version: "1",
      license: { name: "MIT", identifier: "MIT" },
      description:
        "The shop's JSON API. Errors answer `{ success: false, message }` with the HTTP status. " +
        "Calls that need an account take the session cookie or a bearer token. Whatever the path and method, " +
        "a body over the limit answers 413, one that does not arrive in time 408, and a write from another site 403 " +
        "before any route runs; a method " +
        "a path does not list answers 405.",
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
  });
  return withoutRepeatedChoices(document);
}

/**
 * zod-to-openapi writes `{ type: "null" }` twice in the `anyOf` of a nullable union that holds null
 * already: each choice once (what a client generator and Redocly's linter expect), same meaning.
 */
function withoutRepeatedChoices<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutRepeatedChoices) as T;
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([key, item]) => {
    if (key !== "anyOf" || !Array.isArray(item)) return [key, withoutRepeatedChoices(item)];
    const choices = new Map(item.map((choice) => [JSON.stringify(choice), withoutRepeatedChoices(choice)]));
    return [key, [...choices.values()]];
  });
  return Object.fromEntries(entries) as T;
}
