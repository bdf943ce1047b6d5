import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { errorPayload } from "~/lib/api-payloads";
import { SESSION_COOKIE } from "~/web/cookie-names";
import { API_OPERATIONS, UNKNOWN_PATH, type ApiOperation } from "./operations";

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
  const statuses = new Set([405, ...(operation.errors ?? [])]);
  if (operation.access !== "public") statuses.add(401);
  if (operation.access === "admin") statuses.add(403);
  // Before any route: the same-origin check on writes, and the body's limits (size, time) on any body.
  if (operation.method !== "get") for (const status of [403, 408, 413]) statuses.add(status);
  if (operation.body) for (const status of [400, 415]) statuses.add(status);
  if (operation.paths.some((path) => path.includes("{id}"))) statuses.add(404);
  if (operation.paths.some((path) => path.includes("{token}"))) statuses.add(400);
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

function register(registry: OpenAPIRegistry, operation: ApiOperation, path: string) {
  const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodTypeAny }> }> = {
    [operation.ok.status]: {
      description: operation.ok.description,
      content: { "application/json": { schema: operation.ok.schema } },
    },
  };
  if (operation.cached) responses[304] = { description: "Not modified: the `If-None-Match` ETag is current" };
  for (const status of errorStatuses(operation)) {
    responses[status] = {
      description: errorDescription(operation, status),
      content: { "application/json": { schema: errorPayload } },
    };
  }
  registry.registerPath({
    method: operation.method,
    path,
    summary: operation.summary,
    tags: [operation.tag],
    security: securityOf(operation.access),
    request: {
      params: pathParameters(path),
      query: operation.query,
      body: operation.body ? requestBody(operation.body) : undefined,
    },
    responses,
  });
}

/** The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json. */
export function openApiDocument(publicUrl: string) {
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

  for (const operation of API_OPERATIONS) for (const path of operation.paths) register(registry, operation, path);
  for (const method of ["get", "post", "put", "delete", "patch"] as const) {
    const refusals = method === "get" ? [] : [403, 408, 413];
    registry.registerPath({
      method,
      path: UNKNOWN_PATH,
      summary: "Any path without a route",
      description: "Any other path under /api/v1, at any depth, answers 404 in the API's error shape.",
      tags: ["Meta"],
      request: { params: z.object({ path: z.string() }) },
      responses: Object.fromEntries(
        [404, ...refusals].map((status) => [
          status,
          { description: ERROR_DESCRIPTIONS[status], content: { "application/json": { schema: errorPayload } } },
        ]),
      ),
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "ShopIT API",
      version: "1",
      description:
        "The shop's JSON API. Errors answer `{ success: false, message }` with the HTTP status. " +
        "Calls that need an account take the session cookie or a bearer token. Whatever the path and method, " +
        "a body over the limit answers 413, one that does not arrive in time 408, and a write from another site 403 " +
        "before any route runs; a method " +
        "a path does not list answers 405.",
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
  });
}
