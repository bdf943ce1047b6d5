import type { LoaderFunctionArgs } from "@remix-run/node";
import { docsAsset } from "~/web/openapi/docs-page.server";

// GET /api/docs/:asset: the reference page's scripts and style sheets.
export function loader({ params }: LoaderFunctionArgs) {
  const asset = docsAsset(params.asset ?? "");
  if (!asset)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(asset.body, {
    headers: { "Content-Type": asset.type, "Cache-Control": "public, max-age=86400" },
  });
}
