import { apiHandler } from "~/web/api.server";
import { footerPages } from "~/models/content";
import { describeRoute, listOf } from "~/web/openapi/operations";
import { z } from "zod";

// GET /api/v1/pages: the shop's pages the footer links, in its order.
export async function loader() {
  return apiHandler(async () => Response.json({ success: true, pages: await footerPages() }));
}

export const openapi = describeRoute({
  path: "/pages",
  method: "get",
  summary: "The pages the footer links (contact, shipping and returns, privacy, terms, …)",
  tag: "Meta",
  access: "public",
  ok: listOf(
    "pages",
    z.object({ slug: z.string(), title: z.string() }),
    "Their addresses and titles, in the footer's order",
  ),
});
