import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/web/api.server";
import { describeRoute, UNKNOWN_PATH, type ApiOperation } from "~/web/openapi/operations";

// Any /api/v1 path without a route answers in the API's shape rather than with an HTML page.
function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { pathname } = new URL(request.url);
  return apiError(404, `No API route for ${request.method} ${pathname}`);
}

export const loader = notFound;
export const action = notFound;

// The fuzz test sends to a path a few levels deep.
export const openapi = describeRoute(
  (["get", "post", "put", "delete", "patch"] as const).map((method): ApiOperation => ({
    path: UNKNOWN_PATH,
    method,
    operationId: `${method}UnknownPath`,
    summary: "Any path without a route",
    description: "Any other path under /api/v1, at any depth, answers 404 in the API's error shape.",
    tag: "Meta",
    access: "public",
    database: false,
  })),
  { url: "/api/v1/no/such/route" },
);
