import { apiHandler } from "~/web/api.server";
import { footerPages } from "~/models/content";

// GET /api/v1/pages: the shop's pages the footer links, in its order.
export async function loader() {
  return apiHandler(async () => Response.json({ success: true, pages: await footerPages() }));
}
