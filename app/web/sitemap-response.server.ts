import { config } from "~/config.server";
import { catalogueSitemap } from "~/models/content";

/** A sitemap document as an XML response, or a 404 for a page that does not exist (null). */
export async function sitemapResponse(document: "root" | number | null): Promise<Response> {
  const xml = document === null ? null : await catalogueSitemap(config.publicUrl, document);
  if (xml === null)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=300" },
  });
}
