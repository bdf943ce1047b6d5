import type { ActionFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { methodNotAllowed } from "~/web/api.server";
import { openApiDocument } from "~/web/openapi/document.server";
import { apiRouteModules } from "../v1-routes.server";
import { describeRoute } from "~/web/openapi/operations";
import { z } from "zod";

let document: string | undefined;

// GET /api/v1/openapi.json: generated once per process from the routes' own zod schemas.
export function loader() {
  document ??= JSON.stringify(openApiDocument(config.publicUrl, apiRouteModules()));
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

export function action({ request }: ActionFunctionArgs) {
  return methodNotAllowed(request);
}

export const openapi = describeRoute({
  path: "/openapi.json",
  method: "get",
  summary: "This OpenAPI document",
  tag: "Meta",
  access: "public",
  ok: { status: 200, description: "OpenAPI 3.1", schema: z.object({ openapi: z.string() }).passthrough() },
  database: false,
});
