import { config } from "~/config.server";
import { docsPage } from "~/web/openapi/docs-page.server";

// GET /api/docs: the interactive reference of /api/v1 (Swagger UI, served by the shop).
export function loader() {
  return new Response(docsPage(config.shopName), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
