import type { LoaderFunctionArgs } from "@remix-run/node";
import { PublicError } from "~/lib/public-error";
import { apiHandler } from "~/web/api.server";
import { getPageBySlug, pageJson } from "~/models/content";
import { describeRoute, one } from "~/web/openapi/operations";
import { pagePayload } from "~/lib/api-payloads";

// GET /api/v1/page/:slug: one of the shop's pages, its Markdown and its HTML.
export async function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const page = await getPageBySlug(params.slug ?? "");
    if (!page) throw new PublicError("Page not found", 404);
    return Response.json({ success: true, page: pageJson(page) });
  });
}

export const openapi = describeRoute({
  path: "/page/{slug}",
  method: "get",
  summary: "One of the shop's pages",
  tag: "Meta",
  access: "public",
  ok: one("page", pagePayload, "The page"),
  errors: [404],
});
