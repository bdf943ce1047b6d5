import type { ActionFunctionArgs } from "@remix-run/node";
import { config } from "~/config.server";
import { methodNotAllowed } from "~/web/api.server";
import { openApiDocument } from "~/web/openapi/document.server";

let document: string | undefined;

// GET /api/v1/openapi.json: generated once per process from the routes' own zod schemas.
export function loader() {
  document ??= JSON.stringify(openApiDocument(config.publicUrl));
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

export function action({ request }: ActionFunctionArgs) {
  return methodNotAllowed(request);
}
