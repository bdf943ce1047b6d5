import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapResponse } from "~/web/sitemap-response.server";

// GET /sitemap/{n}.xml: the n-th page of a sitemap index (only once there are more than 50,000 URLs).
export async function loader({ params }: LoaderFunctionArgs) {
  const page = /^([1-9]\d{0,5})\.xml$/.exec(params.page ?? "")?.[1];
  return sitemapResponse(page ? Number(page) : null);
}
