import { sitemapResponse } from "~/web/sitemap-response.server";

// GET /sitemap.xml: every catalogue URL, or past 50,000 of them the index of /sitemap/{n}.xml.
export async function loader() {
  return sitemapResponse("root");
}
