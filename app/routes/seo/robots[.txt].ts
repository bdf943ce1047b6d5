import { config } from "~/config.server";
import { robotsTxt } from "~/models/content";

// GET /robots.txt: a route rather than a static file, to name the sitemap under PUBLIC_URL.
export async function loader() {
  return new Response(robotsTxt(config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
