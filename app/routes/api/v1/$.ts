import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/web/api.server";

// Any /api/v1 path without a route answers in the API's shape rather than with an HTML page.
function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const { pathname } = new URL(request.url);
  return apiError(404, `No API route for ${request.method} ${pathname}`);
}

export const loader = notFound;
export const action = notFound;
